import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../__fixtures__/call-tool.js';
import { LIST_DIRECTORY_MAX_ENTRIES, listDirectoryTool } from './list-directory.js';
import { Workspace } from './workspace.js';

let base: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-list-')));
  mkdirSync(join(base, 'project', 'src'), { recursive: true });
  mkdirSync(join(base, 'project', 'empty'));
  mkdirSync(join(base, 'many'));
  writeFileSync(join(base, 'project', 'b.txt'), '');
  writeFileSync(join(base, 'project', 'a.txt'), '');
  symlinkSync(join(base, 'project', 'a.txt'), join(base, 'project', 'link'));
  for (let index = 0; index < LIST_DIRECTORY_MAX_ENTRIES + 5; index++) writeFileSync(join(base, 'many', `f${String(index).padStart(5, '0')}`), '');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('list_directory', () => {
  it('lists entries sorted, folders with / and links with @', async () => {
    const tool = listDirectoryTool(new Workspace(join(base, 'project')));
    expect(await callTool(tool, { path: '.' })).toBe('a.txt\nb.txt\nempty/\nlink@\nsrc/');
    expect(await callTool(tool, { path: 'empty' })).toBe('empty is empty.');
  });

  it('caps the entries and says how many were left out', async () => {
    const text = (await callTool(listDirectoryTool(new Workspace(join(base, 'many'))), { path: '.' })) as string;
    expect(text.split('\n')).toHaveLength(LIST_DIRECTORY_MAX_ENTRIES + 1);
    expect(text).toMatch(/\n\[5 more entries not shown\]$/);
  });

  it('refuses a folder outside the tree', async () => {
    await expect(callTool(listDirectoryTool(new Workspace(join(base, 'project'))), { path: '..' })).rejects.toThrow(/outside the folders/);
  });
});
