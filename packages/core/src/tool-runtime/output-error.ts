/**
 * Marks a failure that happened after the tool itself succeeded (mapping its value for the model) or
 * that no retry can fix (an iterable without an aggregator). Such failures are never retried: running
 * the tool again would repeat its side effects for nothing. @internal
 */
export class NonRetryableToolError {
  constructor(
    /** What was thrown. */
    readonly cause: unknown,
  ) {}
}

/** Runs `map`, marking whatever it throws as not retryable. @internal */
export function mapOutput<T>(map: () => T): T {
  try {
    return map();
  } catch (error) {
    throw new NonRetryableToolError(error);
  }
}
