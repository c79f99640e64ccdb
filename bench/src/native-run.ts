import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DIR } from './paths.js';
import type { Cell, Metric } from './results.js';

/**
 * Workloads that load a native addon built for the repo's own Node (better-sqlite3 for the session store):
 * when the suite runs under another Node (22, for the peers), they run in a child process on that one.
 */
export const NATIVE_WORKLOADS: ReadonlySet<number> = new Set([9]);

type SerializedMetric = Omit<Metric, 'cells'> & { readonly cells: [string, Cell][] };

/** Writes `metrics` where {@link runOnNode} reads them. */
export function writeMetrics(file: string, metrics: readonly Metric[]): void {
  const serialized: SerializedMetric[] = metrics.map((metric) => ({ ...metric, cells: [...metric.cells] }));
  writeFileSync(file, JSON.stringify(serialized));
}

/** Runs workload `n` of this bench in a child process on `node`, and returns its metrics. */
export function runOnNode(node: string, n: number, quick: boolean): Metric[] {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-native-'));
  const file = join(dir, 'metrics.json');
  try {
    const args = ['--expose-gc', '--import', 'tsx', 'src/main.ts', '--only', String(n), '--metrics-out', file, ...(quick ? ['--quick'] : [])];
    const child = spawnSync(node, args, { cwd: BENCH_DIR, encoding: 'utf8', stdio: ['ignore', 'ignore', 'inherit'], timeout: 30 * 60_000 });
    if (child.status !== 0) throw new Error(`workload ${n} on ${node} exited with ${child.status ?? child.signal}`);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as SerializedMetric[];
    return parsed.map((metric) => ({ ...metric, cells: new Map(metric.cells) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
