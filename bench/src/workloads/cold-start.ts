import { spawnSync } from 'node:child_process';
import { entryOf, failureCell, type Contender } from '../contender.js';
import type { BenchConfig } from '../config.js';
import { BENCH_DIR } from '../paths.js';
import type { Cell, Metric } from '../results.js';
import { summarize } from '../stats.js';

/** The rows whose entry module is timed: one per SDK (its other rows import the same module). */
const TIMED = new Set(['floor', 'tandem', 'ai', 'strands', 'openai-agents']);

/** The module each contender's users import first (the floor: a Node built-in). */
function entryModule(contender: Contender): string | undefined {
  if (!TIMED.has(contender.id)) return undefined;
  return contender.kind === 'floor' ? 'node:events' : entryOf(contender);
}

/** Import time (ms) of `specifier` in a fresh Node process, and that process's whole wall time. */
function coldImport(specifier: string): { importMs: number; processMs: number } {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t));`;
  const start = performance.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: BENCH_DIR, encoding: 'utf8' });
  const processMs = performance.now() - start;
  if (child.status !== 0) throw new Error(`import ${specifier} failed: ${child.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return { importMs: Number(child.stdout), processMs };
}

/** Workload 5a: import time of each SDK's entry in fresh processes (interleaved). */
export async function coldStart(contenders: readonly Contender[], config: BenchConfig): Promise<Metric[]> {
  const imports = new Map<string, number[]>();
  const processes = new Map<string, number[]>();
  const errors = new Map<string, Cell>();
  for (let i = 0; i < config.coldStarts; i++) {
    for (const contender of contenders) {
      const specifier = entryModule(contender);
      if (specifier === undefined || errors.has(contender.id)) continue;
      try {
        const { importMs, processMs } = coldImport(specifier);
        imports.set(contender.id, [...(imports.get(contender.id) ?? []), importMs]);
        processes.set(contender.id, [...(processes.get(contender.id) ?? []), processMs]);
      } catch (error) {
        errors.set(contender.id, failureCell(contender, error));
      }
    }
  }
  const toCells = (source: Map<string, number[]>): Map<string, Cell> => {
    const cells = new Map<string, Cell>();
    for (const contender of contenders) {
      const values = source.get(contender.id);
      const error = errors.get(contender.id);
      if (error !== undefined) cells.set(contender.id, error);
      else if (values !== undefined) cells.set(contender.id, { kind: 'value', summary: summarize(values) });
    }
    return cells;
  };
  const section = '5. Cold start and size';
  return [
    { section, name: 'import time of the entry (fresh process)', unit: 'ms', better: 'lower', digits: 1, cells: toCells(imports) },
    { section, name: 'node process wall time incl. import', unit: 'ms', better: 'lower', digits: 1, cells: toCells(processes) },
  ];
}
