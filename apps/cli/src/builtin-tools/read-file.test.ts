import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../__fixtures__/call-tool.js';
import { READ_FILE_MAX_CHARS, readFileTool } from './read-file.js';
import { Workspace } from './workspace.js';

let base: string;
let tool: ReturnType<typeof readFileTool>;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-read-')));
  writeFileSync(join(base, 'lines.txt'), Array.from({ length: 10 }, (_, index) => `line ${String(index + 1)}`).join('\n') + '\n');
  writeFileSync(join(base, 'big.txt'), `${'x'.repeat(60_000)}\n${'y'.repeat(60_000)}\n`);
  writeFileSync(join(base, 'bin.dat'), Buffer.from([0x89, 0x50, 0, 1, 2]));
  writeFileSync(join(tmpdir(), 'tandem-read-outside.txt'), 'outside');
  symlinkSync(join(tmpdir(), 'tandem-read-outside.txt'), join(base, 'link.txt'));
  tool = readFileTool(new Workspace(base));
});
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(join(tmpdir(), 'tandem-read-outside.txt'), { force: true });
});

describe('read_file', () => {
  it('returns the whole text of a small file', async () => {
    expect(await callTool(tool, { path: 'lines.txt' })).toBe(Array.from({ length: 10 }, (_, index) => `line ${String(index + 1)}`).join('\n'));
  });

  it('returns lines from offset, at most limit, and says how to read on', async () => {
    expect(await callTool(tool, { path: 'lines.txt', offset: 3, limit: 2 })).toBe('line 3\nline 4\n[lines 3–4 of 10; read on with offset=5]');
    expect(await callTool(tool, { path: 'lines.txt', offset: 9 })).toBe('line 9\nline 10');
    await expect(callTool(tool, { path: 'lines.txt', offset: 11 })).rejects.toThrow(/has 10 lines; offset 11 is past its end/);
  });

  it('caps what it returns in characters', async () => {
    const text = (await callTool(tool, { path: 'big.txt' })) as string;
    expect(text.length).toBeLessThan(READ_FILE_MAX_CHARS + 100);
    expect(text).toMatch(/\[lines 1–1 of 2; read on with offset=2\]$/);
  });

  it('refuses binary files, folders, and paths outside the tree (links included)', async () => {
    await expect(callTool(tool, { path: 'bin.dat' })).rejects.toThrow(/binary file/);
    await expect(callTool(tool, { path: '.' })).rejects.toThrow(/is a folder: use list_directory/);
    await expect(callTool(tool, { path: 'link.txt' })).rejects.toThrow(/outside the folders/);
    await expect(callTool(tool, { path: '../tandem-read-outside.txt' })).rejects.toThrow(/outside the folders/);
  });

  it('does not need approval', () => {
    expect(tool.needsApproval).toBeUndefined();
  });
});
