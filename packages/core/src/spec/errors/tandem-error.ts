const BRAND = Symbol.for('tandem.error');

/** Options common to every {@link TandemError}. */
export interface TandemErrorOptions {
  readonly message: string;
  readonly cause?: unknown;
}

/**
 * Base class of every error Tandem throws. Each subclass has a stable `name`, a machine-readable
 * `code`, and a static `isInstance()` backed by a `Symbol.for` brand, so the check works even when
 * two copies of a package are installed (where `instanceof` fails).
 *
 * @example
 * ```ts
 * try { await run.result; } catch (error) {
 *   if (APICallError.isInstance(error) && error.isRetryable) scheduleRetry();
 * }
 * ```
 */
export class TandemError extends Error {
  /** Stable machine-readable code, e.g. `API_CALL_ERROR`. */
  readonly code: string;
  private readonly [BRAND] = true;

  constructor(code: string, { message, cause }: TandemErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'TandemError';
    this.code = code;
  }

  /** True for any Tandem error, from any copy of the package. */
  static isInstance(error: unknown): error is TandemError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}

/**
 * Builds the brand check for a subclass: true when `error` carries the subclass's own brand.
 * @internal
 */
export function hasBrand(error: unknown, brand: symbol): boolean {
  return typeof error === 'object' && error !== null && brand in error;
}
