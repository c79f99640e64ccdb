// The whole check of a set of markdown blocks — write, type-check in one program, run — as used by the
// docs test and by its self-test.
import { join } from 'node:path';
import { compileBlocks, readerCompilerOptions, type CompileResult } from './compile-blocks.js';
import type { CodeBlock } from './extract-blocks.js';
import { runBlock } from './run-block.js';
import { writeBlocks, type WrittenBlock } from './write-blocks.js';

export interface PreparedBlocks {
  readonly written: readonly WrittenBlock[];
  readonly compiled: CompileResult;
  /** Problems of one TypeScript/JavaScript block: type errors (with markdown line numbers), then a failed run. */
  readonly problemsOf: (block: CodeBlock, timeoutMs: number) => Promise<string[]>;
}

/** Writes and compiles `blocks` under `generatedDir` (emptied first), with the reader's settings found under `root`. */
export function prepareBlocks(root: string, generatedDir: string, runtimeDir: string, blocks: readonly CodeBlock[]): PreparedBlocks {
  const written = writeBlocks(generatedDir, runtimeDir, blocks);
  const compiled = compileBlocks(generatedDir, written, readerCompilerOptions(root));
  const problemsOf = async (block: CodeBlock, timeoutMs: number): Promise<string[]> => {
    const entry = written.find((candidate) => candidate.block === block);
    if (entry === undefined) return ['the block was not written'];
    const typeErrors = [
      ...(compiled.errors.get(entry.path) ?? []).map(
        (error) => `${block.file}:${String(block.line + Number(error.split(':')[0]) - 1)}: ${error.replace(/^\d+:\d+ /, '')}`,
      ),
      ...(entry.preludePath === undefined ? [] : (compiled.errors.get(entry.preludePath) ?? []).map((error) => `prelude ${error}`)),
    ];
    if (typeErrors.length > 0) return [`type errors:`, ...typeErrors];
    if (block.flags.typecheckOnly) return [];
    const run = await runBlock(join(generatedDir, 'out/runtime/block-worker.js'), compiled.outputOf(entry.path), timeoutMs);
    return run.ok ? [] : [`the block failed: ${run.error ?? ''}`, '--- output ---', run.output];
  };
  return { written, compiled, problemsOf };
}
