/** Summary statistics of a list of samples (milliseconds or any unit). */
export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly p10: number;
  readonly p90: number;
  readonly min: number;
  readonly max: number;
  /** Median absolute deviation from the median. */
  readonly mad: number;
}

/** Linear-interpolated quantile of sorted values (`q` in 0..1). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (b - a) * (pos - lo);
}

/** Median, p10/p90, min/max and MAD of `values`. */
export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const deviations = sorted.map((v) => Math.abs(v - median)).sort((a, b) => a - b);
  return {
    n: sorted.length,
    median,
    p10: quantile(sorted, 0.1),
    p90: quantile(sorted, 0.9),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    mad: quantile(deviations, 0.5),
  };
}

/** Runs `global.gc()` a few times (needs `--expose-gc`) so heap readings settle. */
export async function settleHeap(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('Run the bench with `node --expose-gc` (use `pnpm bench`).');
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}
