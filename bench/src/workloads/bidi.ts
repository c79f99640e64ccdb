import type { BenchConfig } from '../config.js';
import type { Metric } from '../results.js';

/** Workload 7: bidi latency. `@tandem/bidi` has not landed in a form the bench can drive yet, so the rows are reported as pending. */
export async function bidiLatency(_config: BenchConfig): Promise<Metric[]> {
  const reason = '`@tandem/bidi` not available to the bench yet';
  const section = '7. Bidi';
  return [
    { section, name: 'model event → output latency p50', unit: 'ms', better: 'lower', cells: new Map([['tandem', { kind: 'pending', reason }]]) },
    { section, name: 'model event → output latency p99', unit: 'ms', better: 'lower', cells: new Map([['tandem', { kind: 'pending', reason }]]) },
  ];
}
