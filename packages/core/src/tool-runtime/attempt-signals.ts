/**
 * Signals that follow the group's through one listener on it (so no call adds its own listener to the
 * shared signal): a controller per attempt or wait that needs one, and a race for a promise. @internal
 */
export interface AttemptSignals {
  child(): { readonly controller: AbortController; readonly signal: AbortSignal; dispose(): void };
  /** Settles like `promise` or rejects when the group aborts; `label` names the work an abort leaves running. */
  race<T>(promise: PromiseLike<T>, label?: string): Promise<T>;
  /** Calls `listener` with the reason when the group aborts (at once when it has); no controller, no promise. */
  watch(listener: (reason: unknown) => void): void;
  /** Removes a listener added with {@link watch}. */
  unwatch(listener: (reason: unknown) => void): void;
}
