/** Retry decisions journaled for the errors handed to the agent, by identity. */
const decisions = new WeakMap<object, boolean>();

/** Records the journaled retry decision for a thrown value (primitives are decided again, identically). @internal */
export function rememberRetryDecision(thrown: unknown, retry: boolean): void {
  if (typeof thrown === 'object' && thrown !== null) decisions.set(thrown, retry);
}

/**
 * The journaled decision for `error`, or for the error it wraps (a streaming tool's throw reaches `retryOn`
 * wrapped with its partial result); `undefined` when none was journaled. @internal
 */
export function journaledRetryDecision(error: unknown): boolean | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const own = decisions.get(error);
  if (own !== undefined) return own;
  const cause = (error as { cause?: unknown }).cause;
  return typeof cause === 'object' && cause !== null ? decisions.get(cause) : undefined;
}
