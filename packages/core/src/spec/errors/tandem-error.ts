import { redactRegisteredSecrets, redactSecretsDeep } from './secret-registry.js';

const BRAND = Symbol.for('tandem.error');
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Options common to every {@link TandemError}.
 *
 * @category Errors
 */
export interface TandemErrorOptions {
  readonly message: string;
  readonly cause?: unknown;
}

/**
 * Base class of every error Tandem throws. Each subclass has a stable `name`, a machine-readable
 * `code`, and a static `isInstance()` backed by a `Symbol.for` brand, so the check works even when
 * two copies of a package are installed (where `instanceof` fails).
 *
 * Secrets never show: every value registered with `registerSecret()` (providers register the API keys
 * they load) is replaced by `[REDACTED]` in the message, stack and cause when the error is built, and
 * in every field of its JSON form (`toJSON`) and of `util.inspect` output.
 *
 * @example
 * ```ts
 * try { await run.result; } catch (error) {
 *   if (APICallError.isInstance(error) && error.isRetryable) scheduleRetry();
 * }
 * ```
 *
 * @category Errors
 */
export class TandemError extends Error {
  /** Stable machine-readable code, e.g. `API_CALL_ERROR`. */
  readonly code: string;
  declare private readonly [BRAND]: true;

  constructor(code: string, { message, cause }: TandemErrorOptions) {
    super(redactRegisteredSecrets(message), cause === undefined ? undefined : { cause: redactSecretsDeep(cause) });
    this[BRAND] = true;
    this.name = 'TandemError';
    this.code = code;
  }

  /** True for any Tandem error, from any copy of the package. */
  static isInstance(error: unknown): error is TandemError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }

  /**
   * The JSON form: `name`, `code`, `message`, every own field, and `cause` — all with registered
   * secrets redacted.
   *
   * @example
   * ```ts
   * logger.error(JSON.stringify({ error })); // {"error":{"name":"APICallError","code":"API_CALL_ERROR","message":"…",…}}
   * ```
   */
  toJSON(): { [key: string]: unknown } {
    const json: { [key: string]: unknown } = { name: this.name, code: this.code, message: this.message };
    for (const [key, value] of Object.entries(this)) json[key] = value;
    if (this.cause !== undefined) json['cause'] = this.cause instanceof Error ? { name: this.cause.name, message: this.cause.message } : this.cause;
    return redactSecretsDeep(json);
  }

  /** What `util.inspect` (and `console.log`) shows: the error with registered secrets redacted everywhere. */
  [INSPECT](_depth: number, options: { readonly depth?: number | null }, inspect: (value: unknown, options: object) => string): string {
    const view = new Error(redactRegisteredSecrets(this.message), this.cause === undefined ? undefined : { cause: redactSecretsDeep(this.cause) });
    view.name = this.name;
    view.stack = this.stack === undefined ? undefined : redactRegisteredSecrets(this.stack);
    Object.assign(view, redactSecretsDeep({ ...this }));
    const depth = options.depth === null || options.depth === undefined ? options.depth : options.depth - 1;
    return inspect(view, { ...options, depth });
  }
}

/**
 * Builds the brand check for a subclass: true when `error` carries the subclass's own brand.
 * @internal
 */
export function hasBrand(error: unknown, brand: symbol): boolean {
  return typeof error === 'object' && error !== null && brand in error;
}
