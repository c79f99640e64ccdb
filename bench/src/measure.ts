const gc = (globalThis as { gc?: () => void }).gc;

/** A full GC when the bench runs with `--expose-gc` (it always does via `pnpm bench`). */
function collectGarbage(): void {
  gc?.();
}

/** How long and how often to sample. */
export interface Budget {
  /** Warm-up time per contender before sampling (at least one run). */
  readonly warmupMs: number;
  /** Rounds; each round samples every contender in turn, so drift hits all of them alike. */
  readonly rounds: number;
  /** Minimum sampling time per contender per round. */
  readonly roundMs: number;
  /** Minimum runs per contender per round. */
  readonly minRuns: number;
  /** Maximum runs per contender per round. */
  readonly maxRuns: number;
  /** Once a contender has this many samples and `capMs` of sampled time, later rounds skip it (slow contenders). */
  readonly capMs?: number;
  readonly capMinSamples?: number;
}

/** One contender's run to time. */
export interface Timed {
  readonly id: string;
  run(): Promise<unknown>;
}

/**
 * Times every `run` repeatedly, interleaved: after a warm-up (callers have already run each entry
 * once to check it), each round gives every contender its share of runs in a rotating order, after a
 * full GC so that no contender pays for the previous one's garbage. Returns the wall time of each run in milliseconds, by id.
 */
export async function timeInterleaved(entries: readonly Timed[], budget: Budget): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>(entries.map((e) => [e.id, []]));
  if (budget.warmupMs > 0) {
    for (const entry of entries) {
      const until = performance.now() + budget.warmupMs;
      do await entry.run();
      while (performance.now() < until);
    }
  }
  const spent = new Map<string, number>(entries.map((e) => [e.id, 0]));
  for (let round = 0; round < budget.rounds; round++) {
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[(i + round) % entries.length]!;
      const list = samples.get(entry.id)!;
      if (budget.capMs !== undefined && spent.get(entry.id)! >= budget.capMs && list.length >= (budget.capMinSamples ?? 1)) continue;
      // Collect the previous contender's garbage first, so its GC debt is not billed to this one.
      collectGarbage();
      const until = performance.now() + budget.roundMs;
      let runs = 0;
      while (runs < budget.maxRuns && (runs < budget.minRuns || performance.now() < until)) {
        const start = performance.now();
        await entry.run();
        const ms = performance.now() - start;
        list.push(ms);
        spent.set(entry.id, spent.get(entry.id)! + ms);
        runs++;
      }
    }
  }
  return samples;
}
