// Every code block of the README files and the guides, as a reader copies it: TypeScript and JavaScript
// blocks are type-checked together in one program and each is run in its own worker on stand-in models;
// shell blocks are checked against the commands and options that exist.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileBlocks, type CompileResult } from './compile-blocks.js';
import { extractBlocks, type CodeBlock } from './extract-blocks.js';
import { markdownFiles } from './markdown-files.js';
import { runBlock } from './run-block.js';
import { ShellChecker } from './check-shell-block.js';
import { writeBlocks, type WrittenBlock } from './write-blocks.js';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const root = join(packageDir, '../..');
const generatedDir = join(packageDir, '.generated');
const RUN_TIMEOUT_MS = 30_000;

// DOCS_FILES=<path prefix>[,…] checks only the markdown files that start with one of them (while editing them).
const only = process.env['DOCS_FILES']?.split(',').filter((part) => part !== '');
const blocks: CodeBlock[] = markdownFiles(root)
  .filter((file) => only === undefined || only.some((part) => file.startsWith(part)))
  .flatMap((file) => extractBlocks(file, readFileSync(join(root, file), 'utf8')));
let written: WrittenBlock[] = [];
let compiled: CompileResult;

beforeAll(() => {
  written = writeBlocks(generatedDir, join(packageDir, 'src/runtime'), blocks);
  compiled = compileBlocks(generatedDir, written);
});

const label = (block: CodeBlock): string => `${block.file}:${String(block.line)} (${block.language}${block.flags.typecheckOnly ? ', type-check only' : ''})`;

it('finds the code blocks of every README and guide', () => {
  if (only === undefined) expect(blocks.length).toBeGreaterThan(100);
  expect(compiled.globalErrors).toEqual([]);
});

describe.concurrent('TypeScript and JavaScript blocks', () => {
  for (const block of blocks.filter((candidate) => candidate.language !== 'sh' && candidate.flags.skip === undefined)) {
    it(label(block), async () => {
      const entry = written.find((candidate) => candidate.block === block);
      if (entry === undefined) throw new Error('the block was not written');
      const problems = [
        ...(compiled.errors.get(entry.path) ?? []).map((error) => `${block.file}:${String(block.line + Number(error.split(':')[0]) - 1)}: ${error.replace(/^\d+:\d+ /, '')}`),
        ...(entry.preludePath === undefined ? [] : (compiled.errors.get(entry.preludePath) ?? []).map((error) => `prelude ${error}`)),
      ];
      if (problems.length > 0) throw new Error(`type errors:\n${problems.join('\n')}`);
      if (block.flags.typecheckOnly) return;
      const run = await runBlock(join(generatedDir, 'out/runtime/block-worker.js'), compiled.outputOf(entry.path), RUN_TIMEOUT_MS);
      if (!run.ok) throw new Error(`the block failed: ${run.error ?? ''}\n--- output ---\n${run.output}`);
    }, RUN_TIMEOUT_MS + 10_000);
  }
});

describe('shell blocks', () => {
  const checker = new ShellChecker(root);
  for (const block of blocks.filter((candidate) => candidate.language === 'sh' && candidate.flags.skip === undefined)) {
    it(label(block), () => {
      const problems = checker.check(block.code);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    });
  }
});
