/**
 * Ctrl-C (SIGINT) or SIGTERM while a command runs: the first aborts `controller` (the run ends as
 * cancelled, tools get their abort); a second forces the exit with 130. Returns the function that
 * removes the handlers.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const release = onInterrupt(controller);
 * try { … } finally { release(); }
 * ```
 */
export function onInterrupt(controller: AbortController, onFirst?: () => void): () => void {
  const handler = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error('Interrupted'));
    onFirst?.();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
