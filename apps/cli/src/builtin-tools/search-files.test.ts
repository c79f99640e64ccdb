import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../__fixtures__/call-tool.js';
import { SEARCH_FILES_MAX_MATCHES, searchFilesTool } from './search-files.js';
import { Workspace } from './workspace.js';

let base: string;
let tool: ReturnType<typeof searchFilesTool>;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-search-')));
  const file = (path: string, text: string | Buffer): void => {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), text);
  };
  file('.gitignore', 'dist/\n*.log\n');
  file('src/a.ts', 'const needle = 1;\nother\n');
  file('src/b.md', 'a needle in docs\n');
  file('src/nested/.gitignore', 'secret.ts\n');
  file('src/nested/secret.ts', 'needle hidden\n');
  file('src/nested/open.ts', 'needle open\n');
  file('dist/out.ts', 'needle built\n');
  file('debug.log', 'needle logged\n');
  file('.git/config', 'needle git\n');
  file('image.bin', Buffer.from([0, 1, 2, ...Buffer.from('needle')]));
  file('many/m.txt', Array.from({ length: SEARCH_FILES_MAX_MATCHES + 3 }, () => 'hit').join('\n'));
  tool = searchFilesTool(new Workspace(base));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('search_files', () => {
  it('finds matching lines as file:line: text, skipping what .gitignore files (nested ones too) ignore, .git and binary files', async () => {
    expect(await callTool(tool, { pattern: 'needle' })).toBe(
      ['src/a.ts:1: const needle = 1;', 'src/b.md:1: a needle in docs', 'src/nested/open.ts:1: needle open'].join('\n'),
    );
  });

  it('takes a regular expression, a path and a glob', async () => {
    expect(await callTool(tool, { pattern: '^needle \\w+$', path: 'src' })).toBe('src/nested/open.ts:1: needle open');
    expect(await callTool(tool, { pattern: 'needle', glob: '*.md' })).toBe('src/b.md:1: a needle in docs');
    expect(await callTool(tool, { pattern: 'needle', path: 'src/a.ts' })).toBe('src/a.ts:1: const needle = 1;');
    expect(await callTool(tool, { pattern: 'nothing-like-this' })).toMatch(/^No matches for \/nothing-like-this\/ in \d+ files\.$/);
  });

  it('applies the .gitignore of folders above the searched one', async () => {
    expect(await callTool(tool, { pattern: 'needle', path: 'src/nested' })).toBe('src/nested/open.ts:1: needle open');
  });

  it('caps the matches', async () => {
    const text = (await callTool(tool, { pattern: '^hit$', path: 'many' })) as string;
    expect(text.split('\n')).toHaveLength(SEARCH_FILES_MAX_MATCHES + 1);
    expect(text).toMatch(/\[stopped at 200 matches; narrow the pattern, path or glob\]$/);
  });

  it('reports a bad pattern and a path outside the tree as errors', async () => {
    await expect(callTool(tool, { pattern: '(' })).rejects.toThrow(/not a valid regular expression/);
    await expect(callTool(tool, { pattern: 'x', path: '..' })).rejects.toThrow(/outside the folders/);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(callTool(tool, { pattern: 'needle' }, controller.signal)).rejects.toThrow(/cancelled/);
  });
});
