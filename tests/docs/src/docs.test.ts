// Every code block of the README files and the guides, as a reader copies it: TypeScript and JavaScript
// blocks are type-checked together in one program and each is run in its own worker on stand-in models;
// shell blocks are checked against the commands and options that exist.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBlocks, type PreparedBlocks } from './check-blocks.js';
import { extractBlocks, extractInlineCommands, unlabeledFences, type CodeBlock, type InlineCommand } from './extract-blocks.js';
import { markdownFiles } from './markdown-files.js';
import { ShellChecker } from './check-shell-block.js';
import { linkProblems } from './check-links.js';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const root = join(packageDir, '../..');
// Under node_modules, so linters and editors leave the generated modules alone.
const generatedDir = join(packageDir, 'node_modules/.docs-test/blocks');
const RUN_TIMEOUT_MS = 30_000;

// DOCS_FILES=<path prefix>[,…] checks only the markdown files that start with one of them (while editing them).
const only = process.env['DOCS_FILES']?.split(',').filter((part) => part !== '');
const files = markdownFiles(root).filter((file) => only === undefined || only.some((part) => file.startsWith(part)));
const blocks: CodeBlock[] = files.flatMap((file) => extractBlocks(file, readFileSync(join(root, file), 'utf8')));
const inlineCommands: InlineCommand[] = files.flatMap((file) => extractInlineCommands(file, readFileSync(join(root, file), 'utf8')));
let prepared: PreparedBlocks;

// Blocks run in a throwaway working directory: files they make (`./data/sessions.db`) go there.
const workDir = mkdtempSync(join(tmpdir(), 'tandem-docs-'));
const startDir = process.cwd();

beforeAll(() => {
  prepared = prepareBlocks(root, generatedDir, join(packageDir, 'src/runtime'), blocks);
  process.chdir(workDir);
});

afterAll(() => {
  process.chdir(startDir);
  rmSync(workDir, { recursive: true, force: true });
});

const label = (block: CodeBlock): string => `${block.file}:${String(block.line)} (${block.language}${block.flags.typecheckOnly ? ', type-check only' : ''})`;

it('every code block names its language (ts, js, sh — or json, text, … for what is not code to check)', () => {
  const unlabeled = files.flatMap((file) => unlabeledFences(readFileSync(join(root, file), 'utf8')).map((line) => `${file}:${String(line)}`));
  expect(unlabeled).toEqual([]);
});

it('links only to files of the repository, and mentions nothing outside it', () => {
  expect(files.flatMap((file) => linkProblems(root, file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
});

it('a page that tells the reader to run `npx tsc` installs typescript and @types/node first', () => {
  const missing = files.filter((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    if (!/`npx tsc\b/.test(text)) return false;
    const installs = blocks.filter((block) => block.file === file && block.language === 'sh').map((block) => block.code).join('\n');
    return !(/npm (install|i)\b[^\n]*\btypescript\b/.test(installs) && /npm (install|i)\b[^\n]*@types\/node\b/.test(installs));
  });
  expect(missing).toEqual([]);
});

it('finds the code blocks of every README and guide', () => {
  if (only === undefined) expect(blocks.length).toBeGreaterThan(100);
  expect(prepared.compiled.globalErrors).toEqual([]);
});

const codeBlocks = blocks.filter((candidate) => candidate.language !== 'sh' && candidate.flags.skip === undefined);
const shellBlocks = blocks.filter((candidate) => candidate.language === 'sh' && candidate.flags.skip === undefined);

describe.runIf(codeBlocks.length > 0).concurrent('TypeScript and JavaScript blocks', () => {
  for (const block of codeBlocks) {
    it(label(block), async () => {
      const problems = await prepared.problemsOf(block, RUN_TIMEOUT_MS);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    }, RUN_TIMEOUT_MS + 10_000);
  }
});

describe.runIf(shellBlocks.length > 0)('shell blocks', () => {
  const checker = new ShellChecker(root);
  for (const block of shellBlocks) {
    it(label(block), () => {
      const problems = checker.check(block.code);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    });
  }
});

describe.runIf(inlineCommands.length > 0)('commands in the prose', () => {
  const checker = new ShellChecker(root);
  for (const file of new Set(inlineCommands.map((command) => command.file))) {
    it(file, () => {
      const problems = inlineCommands
        .filter((command) => command.file === file)
        .flatMap((command) => checker.check(command.code).map((problem) => `${file}:${String(command.line)}: ${problem}`));
      if (problems.length > 0) throw new Error(problems.join('\n'));
    });
  }
});
