// Type-checks every written block in one TypeScript program — with the compiler options of the tsconfig.json the
// getting-started guide tells a Node 20 user to use — and emits JavaScript whose imports of provider packages and of vitest
// point at the stand-ins (the test-only module mapping described in this package's README).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { WrittenBlock } from './write-blocks.js';

/** Where the `tsconfig.json` a reader is told to use is written: the blocks are compiled with exactly it. */
export const READER_TSCONFIG_GUIDE = 'docs/guides/getting-started.md';

/**
 * The compiler options of the first `json` block of the getting-started guide that has `compilerOptions`, plus
 * JavaScript checking for syntax and imports only (a JavaScript reader runs no type checker).
 */
export function readerCompilerOptions(root: string): ts.CompilerOptions {
  const guide = readFileSync(join(root, READER_TSCONFIG_GUIDE), 'utf8');
  const json = [...guide.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1] ?? '').find((text) => text.includes('"compilerOptions"'));
  if (json === undefined) throw new Error(`${READER_TSCONFIG_GUIDE} has no tsconfig.json block (a json block with "compilerOptions")`);
  const parsed = JSON.parse(json) as { compilerOptions: object };
  const { options, errors } = ts.convertCompilerOptionsFromJson(parsed.compilerOptions, root);
  if (errors.length > 0) throw new Error(`the tsconfig.json of ${READER_TSCONFIG_GUIDE} is invalid: ${errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, ' ')).join('; ')}`);
  return { ...options, allowJs: true, checkJs: false };
}

/** Packages whose imports run against stand-ins: the real providers would need keys and a network. */
export const STAND_INS: Readonly<Record<string, string>> = {
  '@tandem/providers-openai': 'runtime/stand-ins/providers-openai.js',
  '@tandem/providers-anthropic': 'runtime/stand-ins/providers-anthropic.js',
  '@tandem/providers-google': 'runtime/stand-ins/providers-google.js',
  '@tandem/providers-bedrock': 'runtime/stand-ins/providers-bedrock.js',
  '@tandem/providers-gateway': 'runtime/stand-ins/providers-gateway.js',
  '@tandem/providers-ollama': 'runtime/stand-ins/providers-ollama.js',
  vitest: 'runtime/vitest-shim.js',
};

export interface CompileResult {
  /** Type errors by written file (absolute path), each `line:column message` (1-based, in that file). */
  readonly errors: ReadonlyMap<string, readonly string[]>;
  /** Errors outside the blocks and preludes (the runtime helpers): these fail every block. */
  readonly globalErrors: readonly string[];
  /** Where the emitted JavaScript of each written file is. */
  readonly outputOf: (path: string) => string;
}

export function compileBlocks(generatedDir: string, written: readonly WrittenBlock[], compilerOptions: ts.CompilerOptions): CompileResult {
  const outDir = join(generatedDir, 'out');
  const runtimeFiles = ts.sys.readDirectory(join(generatedDir, 'runtime'), ['.ts']);
  const roots = [...runtimeFiles, ...written.flatMap((entry) => (entry.preludePath === undefined ? [entry.path] : [entry.path, entry.preludePath]))];
  const options: ts.CompilerOptions = { ...compilerOptions, rootDir: generatedDir, outDir, noEmitOnError: false };
  const program = ts.createProgram(roots, options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const errors = new Map<string, string[]>();
  const globalErrors: string[] = [];
  for (const diagnostic of diagnostics) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const file = diagnostic.file;
    if (file === undefined || diagnostic.start === undefined) {
      globalErrors.push(message);
      continue;
    }
    const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start);
    const text = `${String(line + 1)}:${String(character + 1)} ${message}`;
    const path = file.fileName;
    if (path.startsWith(join(generatedDir, 'runtime'))) globalErrors.push(`${relative(generatedDir, path)}:${text}`);
    else errors.set(path, [...(errors.get(path) ?? []), text]);
  }
  program.emit();
  const outputOf = (path: string): string => join(outDir, relative(generatedDir, path)).replace(/\.ts$/, '.js');
  for (const entry of written) {
    for (const path of [entry.path, entry.preludePath]) {
      if (path === undefined) continue;
      const output = outputOf(path);
      writeFileSync(output, mapImports(readFileSync(output, 'utf8'), outDir));
    }
  }
  return { errors, globalErrors, outputOf };
}

/** Points the emitted imports of the mapped packages at their stand-ins. */
function mapImports(code: string, outDir: string): string {
  return code.replace(/(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\2/g, (match, prefix: string, quote: string, specifier: string) => {
    const target = STAND_INS[specifier];
    return target === undefined ? match : `${prefix}${quote}${pathToFileURL(join(outDir, target)).href}${quote}`;
  });
}
