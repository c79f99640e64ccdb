/**
 * Calls `check` until it returns a value other than `undefined`, at most `attempts` times with `intervalMs`
 * between calls — a bounded poll for state only a remote service knows (e.g. the Restate server's tables).
 */
export async function poll<T>(what: string, check: () => Promise<T | undefined>, attempts = 300, intervalMs = 50): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Timed out waiting for ${what}${lastError === undefined ? '' : ` (last error: ${String(lastError)})`}.`);
}
