/** Killers of the processes this `tandem` started and must not outlive it. */
const killers = new Set<() => void>();

/**
 * Registers a function that kills a child process (or its process group) at once, synchronously. Every
 * registered killer runs when `tandem` exits — also on a forced exit (a second Ctrl-C) that does not wait
 * for graceful shutdowns — so no child is left running. Returns the function that unregisters it (call
 * it once the child has exited).
 *
 * @example
 * ```ts
 * const forget = trackChild(() => process.kill(-child.pid, 'SIGKILL'));
 * child.once('exit', forget);
 * ```
 */
export function trackChild(kill: () => void): () => void {
  const guarded = (): void => {
    try {
      kill();
    } catch {
      // already gone
    }
  };
  killers.add(guarded);
  return () => void killers.delete(guarded);
}

/**
 * Kills every tracked child now (SIGKILL). Runs on `process.exit` (see {@link installChildReaper}).
 *
 * @example
 * ```ts
 * killTrackedChildren();
 * ```
 */
export function killTrackedChildren(): void {
  for (const kill of [...killers]) kill();
  killers.clear();
}

/**
 * Makes the process kill every tracked child when it exits, however it exits — also on SIGINT, SIGTERM
 * or SIGHUP when no command is listening for them (it then exits with 130, 143 or 129).
 *
 * @example
 * ```ts
 * installChildReaper();
 * ```
 */
export function installChildReaper(): void {
  process.once('exit', killTrackedChildren);
  // A signal no command is handling (during start-up, or a second Ctrl-C while shutting down) would kill
  // the process by default — without 'exit', so without killing the children. Exit instead (130 for
  // SIGINT, as a shell reports a death by it).
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.on(signal, () => {
      if (process.listenerCount(signal) === 1) process.exit(code);
    });
  }
}
