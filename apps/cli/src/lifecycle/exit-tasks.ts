/** Work to finish before the process exits (flushing spans), registered by whoever started it. */
const tasks = new Set<() => Promise<void>>();

/**
 * Registers `task` to run before `tandem` exits — after the command returned or threw. Returns the
 * function that unregisters it.
 *
 * @example
 * ```ts
 * const forget = atExit(() => provider.shutdown());
 * ```
 */
export function atExit(task: () => Promise<void>): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/**
 * Runs every registered task at once and resolves when all have settled or after `timeoutMs`, whichever
 * comes first: a stuck collector never holds the exit up for long. Failures are ignored.
 *
 * @example
 * ```ts
 * await runExitTasks(3000);
 * ```
 */
export async function runExitTasks(timeoutMs: number): Promise<void> {
  if (tasks.size === 0) return;
  const pending = [...tasks].map((task) => task().catch(() => undefined));
  tasks.clear();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([Promise.all(pending).then(() => undefined), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
