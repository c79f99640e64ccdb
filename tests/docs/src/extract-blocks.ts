// Reads the fenced code blocks of a markdown file, with the test directives written in HTML comments
// (which readers of the rendered page do not see). See this package's README for the directives.

/** The languages this suite checks; other fences (json, text, …) are left alone. */
export type BlockLanguage = 'ts' | 'js' | 'sh';

const LANGUAGES: Readonly<Record<string, BlockLanguage>> = {
  ts: 'ts',
  typescript: 'ts',
  js: 'js',
  javascript: 'js',
  mjs: 'js',
  sh: 'sh',
  bash: 'sh',
  shell: 'sh',
};

/** Flags of a `<!-- docs-test: … -->` comment right before a block. */
export interface BlockFlags {
  /** Type-checked only: the block needs a real key, a server or a network. */
  readonly typecheckOnly: boolean;
  /** Not checked at all (a reason is required). Used for output shown as a shell session, and such. */
  readonly skip?: string;
  /** Run with this file name (e.g. `tools.mjs`), so other blocks or commands can refer to it. */
  readonly file?: string;
  /** Without the file's prelude: the block is a whole module of its own (e.g. a worker module). */
  readonly standalone?: boolean;
}

export interface CodeBlock {
  /** The markdown file, relative to the repository root. */
  readonly file: string;
  /** 1-based line of the first line of code (after the fence). */
  readonly line: number;
  readonly language: BlockLanguage;
  /** The code exactly as a reader copies it. */
  readonly code: string;
  /** The file's current `<!-- prelude … -->` code, if any. */
  readonly prelude: string;
  /** Code of the `<!-- docs-test: … -->` comment's body: set-up for this block only. */
  readonly setup: string;
  /** Code after the body's `// after the block` line: runs after the block, in its scope (checks of its results). */
  readonly after: string;
  readonly flags: BlockFlags;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/;

/** Every block of `markdown` in a checked language, with its directives. */
export function extractBlocks(file: string, markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  let prelude = '';
  let pending: { flags: BlockFlags; setup: string; after: string } | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const trimmed = line.trim();
    if (trimmed.startsWith('<!--')) {
      const end = findCommentEnd(lines, index);
      const body = commentBody(lines.slice(index, end + 1).join('\n'));
      const directive = parseDirective(file, index + 1, body);
      if (directive.kind === 'prelude') prelude = directive.code;
      else if (directive.kind === 'block') pending = { flags: directive.flags, setup: directive.setup, after: directive.after };
      index = end;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence === null) {
      if (trimmed !== '' && pending !== undefined) {
        throw new Error(`${file}:${String(index + 1)}: a docs-test comment must come right before a code block`);
      }
      continue;
    }
    const [, indent = '', marker = '```', info = ''] = fence;
    const close = findFenceEnd(lines, index, marker);
    const code = lines
      .slice(index + 1, close)
      .map((codeLine) => (codeLine.startsWith(indent) ? codeLine.slice(indent.length) : codeLine.trimStart()))
      .join('\n');
    const language = LANGUAGES[info.toLowerCase()];
    if (language !== undefined) {
      blocks.push({
        file,
        line: index + 2,
        language,
        code: `${code}\n`,
        prelude: pending?.flags.standalone === true ? '' : prelude,
        setup: pending?.setup ?? '',
        after: pending?.after ?? '',
        flags: pending?.flags ?? { typecheckOnly: false },
      });
    } else if (pending !== undefined) {
      throw new Error(`${file}:${String(index + 1)}: a docs-test comment before a \`${info}\` block, which is not checked`);
    }
    pending = undefined;
    index = close;
  }
  return blocks;
}

type Directive =
  | { readonly kind: 'prelude'; readonly code: string }
  | { readonly kind: 'block'; readonly flags: BlockFlags; readonly setup: string; readonly after: string }
  | { readonly kind: 'other' };

function parseDirective(file: string, line: number, body: string): Directive {
  const prelude = /^prelude\b:?\s*([\s\S]*)$/.exec(body);
  if (prelude !== null) {
    const code = prelude[1] ?? '';
    return { kind: 'prelude', code: code.trim() === 'none' ? '' : code };
  }
  const test = /^docs-test:([^\n]*)\n?([\s\S]*)$/.exec(body);
  if (test === null) return { kind: 'other' };
  const words = (test[1] ?? '').trim();
  const flags: { typecheckOnly: boolean; skip?: string; file?: string; standalone?: boolean } = { typecheckOnly: false };
  const skip = /^skip\b\s*(.*)$/.exec(words);
  if (skip !== null) {
    if ((skip[1] ?? '').trim() === '') throw new Error(`${file}:${String(line)}: "docs-test: skip" needs a reason`);
    flags.skip = (skip[1] ?? '').trim();
  } else {
    for (const word of words.split(/\s+/).filter((w) => w !== '')) {
      if (word === 'typecheck-only') flags.typecheckOnly = true;
      else if (word === 'standalone') flags.standalone = true;
      else if (word.startsWith('file=')) flags.file = word.slice('file='.length);
      else if (word !== 'setup') throw new Error(`${file}:${String(line)}: unknown docs-test flag "${word}"`);
    }
  }
  const [setup = '', after = ''] = (test[2] ?? '').split(/^\s*\/\/ after the block:?\s*$/m);
  return { kind: 'block', flags, setup, after };
}

function commentBody(comment: string): string {
  return comment.replace(/^\s*<!--\s?/, '').replace(/\s*-->\s*$/, '');
}

function findCommentEnd(lines: readonly string[], start: number): number {
  for (let index = start; index < lines.length; index++) if ((lines[index] ?? '').includes('-->')) return index;
  throw new Error(`unclosed HTML comment at line ${String(start + 1)}`);
}

function findFenceEnd(lines: readonly string[], start: number, marker: string): number {
  for (let index = start + 1; index < lines.length; index++) {
    const trimmed = (lines[index] ?? '').trim();
    if (trimmed.startsWith(marker[0]!.repeat(marker.length)) && trimmed.replace(/[`~]/g, '') === '') return index;
  }
  throw new Error(`unclosed code fence at line ${String(start + 1)}`);
}

/** A command written inline in the prose (`` `tandem run --json` ``), outside code blocks. */
export interface InlineCommand {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

const INLINE_COMMAND = /^(tandem\s+\S|npx\s+(-y\s+)?(tandem|@tandem\/|pnpm@)|pnpm\s|npm\s+(install|i)\s)/;

/** Inline code spans of `markdown` that are commands of the tools the shell check knows. */
export function extractInlineCommands(file: string, markdown: string): InlineCommand[] {
  const commands: InlineCommand[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker.startsWith(fence)) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    for (const match of line.matchAll(/(?<!`)`([^`]+)`(?!`)/g)) {
      const code = match[1]!;
      if (INLINE_COMMAND.test(code)) commands.push({ file, line: index + 1, code });
    }
  });
  return commands;
}

/** Lines (1-based) of code fences that open without a language: such a block would escape every check. */
export function unlabeledFences(markdown: string): number[] {
  const lines: number[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((line, index) => {
    const match = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (match === null) return;
    if (fence === undefined) {
      fence = match[1];
      if ((match[2] ?? '') === '') lines.push(index + 1);
    } else if (match[1]!.startsWith(fence) && (match[2] ?? '') === '') {
      fence = undefined;
    }
  });
  return lines;
}
