// Extracts a code block of README.md and makes it runnable from this package's tests: the block is written,
// unchanged but for its imports of `@tandem/bidi` (→ this package's source) and of vitest's `it` (→ a
// collector), to a git-ignored folder of the package, where it resolves the package's dependencies.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const outDir = `${packageDir}.readme-snippets/`;

/** The first ```ts block after `heading` in the package README. */
export function readmeBlock(heading: string): string {
  const readme = readFileSync(`${packageDir}README.md`, 'utf8');
  const at = readme.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`README.md has no heading "${heading}"`);
  const match = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (match?.[1] === undefined) throw new Error(`README.md has no ts block after "${heading}"`);
  return match[1];
}

/** Writes `code` (with its imports pointed here) to `<name>.ts`; returns its path. */
export function writeSnippet(name: string, code: string): string {
  const rewritten = code
    .replace("from '@tandem/bidi';", "from '../src/index.js';")
    .replace(/import \{ expect, it \} from 'vitest';/, "import { expect } from 'vitest';\nimport { it } from '../src/__fixtures__/snippet-harness.js';");
  mkdirSync(outDir, { recursive: true });
  const path = `${outDir}${name}.ts`;
  writeFileSync(path, rewritten);
  return path;
}

/** Type errors of `path`, checked with the package's compiler settings (empty when it compiles). */
export function typeErrors(path: string): string[] {
  const configPath = `${packageDir}tsconfig.json`;
  const config = ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true, rootDir: packageDir }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([path], config.options);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(path))
    .map((diagnostic) => `${String(diagnostic.start)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
}
