// The harness itself: a page with broken blocks fails exactly where it is broken.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { prepareBlocks, type PreparedBlocks } from './check-blocks.js';
import { ShellChecker } from './check-shell-block.js';
import { linkProblems } from './check-links.js';
import { extractBlocks, extractInlineCommands, unlabeledFences, type CodeBlock } from './extract-blocks.js';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const root = join(packageDir, '../..');
const fixture = 'tests/docs/src/__fixtures__/broken.md';
const blocks: CodeBlock[] = extractBlocks(fixture, readFileSync(join(root, fixture), 'utf8'));
const [good, typeError, throws, hangs, typecheckOnly, shell] = blocks;
let prepared: PreparedBlocks;

beforeAll(() => {
  prepared = prepareBlocks(root, join(packageDir, 'node_modules/.docs-test/self-test'), join(packageDir, 'src/runtime'), blocks.filter((block) => block.language !== 'sh'));
});

it('reads every block with its flags', () => {
  expect(blocks.map((block) => block.language)).toEqual(['ts', 'ts', 'ts', 'js', 'ts', 'sh']);
  expect(typecheckOnly?.flags.typecheckOnly).toBe(true);
});

it('passes a block that compiles and runs', async () => {
  expect(await prepared.problemsOf(good!, 10_000)).toEqual([]);
});

it('reports a type error at its line in the markdown file', async () => {
  const problems = await prepared.problemsOf(typeError!, 10_000);
  expect(problems.join('\n')).toMatch(new RegExp(`${fixture}:${String(typeError!.line + 2)}: .*maxStep`));
});

it('reports a block that throws when run, with its error', async () => {
  const problems = await prepared.problemsOf(throws!, 10_000);
  expect(problems.join('\n')).toContain('the answer was Hello.');
});

it('reports a block that does not finish', async () => {
  const problems = await prepared.problemsOf(hangs!, 1_000);
  expect(problems.join('\n')).toContain('did not finish within 1000 ms');
});

it('type-checks a block marked typecheck-only', async () => {
  const problems = await prepared.problemsOf(typecheckOnly!, 10_000);
  expect(problems.join('\n')).toMatch(/not assignable to type 'number'/);
});

it('reports shell commands and options that do not exist', () => {
  const problems = new ShellChecker(root).check(shell!.code);
  expect(problems).toEqual([
    expect.stringContaining('--no-such-flag: no such option'),
    expect.stringContaining('no-such-script: tandem-monorepo has no such script'),
    expect.stringContaining('@tandem/no-such-package: no such package'),
  ]);
});

it('rejects a docs-test comment with an unknown flag, or one that is not right before a block', () => {
  expect(() => extractBlocks('x.md', '<!-- docs-test: typecheck-onyl -->\n```ts\n1;\n```\n')).toThrow(/unknown docs-test flag "typecheck-onyl"/);
  expect(() => extractBlocks('x.md', '<!-- docs-test: typecheck-only -->\nSome text.\n```ts\n1;\n```\n')).toThrow(/must come right before a code block/);
  expect(() => extractBlocks('x.md', '<!-- docs-test: skip -->\n```ts\n1;\n```\n')).toThrow(/needs a reason/);
});

it('reports a command in the prose that does not exist', () => {
  const inline = extractInlineCommands(fixture, readFileSync(join(root, fixture), 'utf8'));
  expect(inline.map((command) => command.code)).toEqual(['tandem run --nope "Hi"', 'tandem chat']);
  const checker = new ShellChecker(root);
  expect(checker.check(inline[0]!.code)).toEqual([expect.stringContaining('--nope: no such option')]);
  expect(checker.check(inline[1]!.code)).toEqual([]);
});

it('finds code blocks without a language', () => {
  expect(unlabeledFences('```ts\n1;\n```\n\n```\nplain\n```\n~~~text\nx\n~~~\n')).toEqual([5]);
});

it('reports links to missing files and mentions of files outside the repository', () => {
  const page = '[ok](../../README.md) [gone](./nope.md) [web](https://example.com) [anchor](#x)\nSee DESIGN.md in the shared folder.\n';
  expect(linkProblems(root, 'docs/guides/x.md', page)).toEqual([
    'docs/guides/x.md:1: ./nope.md does not exist',
    expect.stringMatching(/^docs\/guides\/x\.md:2: mentions something outside the repository .*DESIGN/),
    expect.stringMatching(/^docs\/guides\/x\.md:2: mentions something outside the repository .*shared folder/),
  ]);
});
