import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../__fixtures__/call-tool.js';
import { Workspace } from './workspace.js';
import { writeFileTool } from './write-file.js';

let base: string;
let outside: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-write-')));
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-write-outside-')));
  symlinkSync(join(outside, 'target.txt'), join(base, 'dangling.txt'));
});
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('write_file', () => {
  it('needs approval', () => {
    expect(writeFileTool(new Workspace(base)).needsApproval).toBe(true);
  });

  it('writes a file, making its folders', async () => {
    expect(await callTool(writeFileTool(new Workspace(base)), { path: 'notes/today.md', content: 'héllo' })).toBe('Wrote 6 bytes to notes/today.md.');
    expect(readFileSync(join(base, 'notes', 'today.md'), 'utf8')).toBe('héllo');
  });

  it('refuses paths outside the tree, through a dangling link too, and writes nothing there', async () => {
    const tool = writeFileTool(new Workspace(base));
    await expect(callTool(tool, { path: join(outside, 'x.txt'), content: 'x' })).rejects.toThrow(/outside the folders/);
    await expect(callTool(tool, { path: 'dangling.txt', content: 'x' })).rejects.toThrow(/outside the folders/);
    expect(existsSync(join(outside, 'target.txt'))).toBe(false);
    expect(existsSync(join(outside, 'x.txt'))).toBe(false);
  });
});
