import { redactRegisteredSecrets, redactSecretsDeep } from './secret-registry.js';
import { hasBrand, TandemError } from './tandem-error.js';

const BRAND = Symbol.for('tandem.error.APICallError');

/**
 * Constructor options of {@link APICallError}.
 *
 * @category Errors
 */
export interface APICallErrorOptions {
  readonly message: string;
  /** The request URL (never includes credentials). */
  readonly url: string;
  /** HTTP status, absent for network failures. */
  readonly statusCode?: number;
  readonly responseBody?: string;
  readonly responseHeaders?: { readonly [name: string]: string };
  /** Overrides the status-derived default. */
  readonly isRetryable?: boolean;
  /** The delay the server asked for; default: read from `retry-after-ms` / `retry-after` in `responseHeaders`. */
  readonly retryAfterMs?: number;
  readonly cause?: unknown;
}

/**
 * A provider HTTP call failed (or the vendor reported an error inside the response stream). Registered
 * secrets (see `registerSecret`) are redacted from `url`, `responseBody` and `responseHeaders` too. `isRetryable` is true exactly for 408, 409, 429, 5xx and network
 * failures (no status); providers retry those with backoff before giving up with this error.
 *
 * @example
 * ```ts
 * if (APICallError.isInstance(error) && error.statusCode === 401) console.error('Check your API key.');
 * ```
 *
 * @category Errors
 */
export class APICallError extends TandemError {
  readonly url: string;
  readonly statusCode: number | undefined;
  readonly responseBody: string | undefined;
  readonly responseHeaders: { readonly [name: string]: string } | undefined;
  readonly isRetryable: boolean;
  /**
   * How long the server asked the caller to wait before retrying (its `retry-after-ms` or `retry-after`
   * header, in milliseconds), when it said.
   */
  readonly retryAfterMs: number | undefined;
  declare private readonly [BRAND]: true;

  /** @param code - for subclasses (e.g. `ContextOverflowError`): their own stable code. */
  constructor(options: APICallErrorOptions, code = 'API_CALL_ERROR') {
    super(code, { message: options.message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'APICallError';
    this.url = redactRegisteredSecrets(options.url);
    this.statusCode = options.statusCode;
    this.responseBody = options.responseBody === undefined ? undefined : redactRegisteredSecrets(options.responseBody);
    this.responseHeaders = redactSecretsDeep(options.responseHeaders);
    this.isRetryable = options.isRetryable ?? isRetryableStatus(options.statusCode);
    this.retryAfterMs = options.retryAfterMs ?? retryAfterFromHeaders(options.responseHeaders);
  }

  static override isInstance(error: unknown): error is APICallError {
    return hasBrand(error, BRAND);
  }
}

/**
 * True for 408, 409, 429, 5xx, and for `undefined` (a network failure: no response at all).
 *
 * @category Errors
 */
export function isRetryableStatus(statusCode: number | undefined): boolean {
  if (statusCode === undefined) return true;
  return statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500;
}

/**
 * The delay a response asks for: `retry-after-ms` (milliseconds), else `retry-after` (seconds or an HTTP
 * date). `undefined` when absent, unparsable or negative.
 */
function retryAfterFromHeaders(headers: { readonly [name: string]: string } | undefined, now = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  // Defensive: at run time header values may be numbers or arrays (HTTP/2), and an error must build regardless.
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value).trim()]));
  const ms = lower.get('retry-after-ms');
  if (ms !== undefined && ms !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const after = lower.get('retry-after');
  if (after === undefined || after === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
