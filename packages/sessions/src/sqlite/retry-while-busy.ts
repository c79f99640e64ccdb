/** The longest pause between two tries for the write lock. */
const MAX_DELAY_MS = 25;

/**
 * Runs a synchronous SQLite `operation`, and while it fails with `SQLITE_BUSY` (another connection holds
 * the write lock) tries again after a short timer — 1, 2, 4 … up to 25 ms — until `busyTimeoutMs` has
 * passed; then the last `SQLITE_BUSY` is thrown. The wait never blocks the event loop (timers, I/O and
 * other work go on), unlike SQLite's own busy handler. `stopped()` ends the wait early (a closed store).
 *
 * @example
 * ```ts
 * await retryWhileBusy(() => insert.run(id, row), 5_000, () => closed);
 * ```
 */
export async function retryWhileBusy<T>(operation: () => T, busyTimeoutMs: number, stopped: () => Error | undefined): Promise<T> {
  const deadline = Date.now() + busyTimeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      return operation();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, Math.max(0, deadline - Date.now()))));
    const stop = stopped();
    if (stop !== undefined) throw stop;
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED');
}
