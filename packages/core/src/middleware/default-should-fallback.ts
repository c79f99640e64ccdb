import { APICallError } from '../spec/errors/api-call-error.js';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/**
 * Whether `fallbackModel()` moves on to the next model by default: a retryable `APICallError` (408, 409,
 * 429, 5xx, a network failure) or a connection failure (`fetch failed`, `ECONNREFUSED`, a reset socket…).
 * A request the vendor rejects as wrong (400, 401, 404, a context overflow) does not fall back: the next
 * model would most likely fail the same way, or the caller must fix something.
 *
 * @example
 * ```ts
 * const model = fallbackModel([primary, backup], {
 *   shouldFallback: (error) => defaultShouldFallback(error) || (APICallError.isInstance(error) && error.statusCode === 404),
 * });
 * ```
 *
 * @category Model middleware
 */
export function defaultShouldFallback(error: unknown): boolean {
  if (APICallError.isInstance(error)) return error.isRetryable;
  return isConnectionFailure(error, 0);
}

function isConnectionFailure(error: unknown, depth: number): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, name, cause } = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  // undici (Node, Deno) says "fetch failed", browsers "Failed to fetch", Safari "Load failed".
  if (name === 'TypeError' && typeof message === 'string' && /fetch failed|failed to fetch|load failed|networkerror/i.test(message)) return true;
  return isConnectionFailure(cause, depth + 1);
}
