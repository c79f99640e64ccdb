/**
 * The HTTP status Anthropic documents for each error `type`, so an `error` event that arrives inside a
 * 200 stream is reported (and judged retryable) like the equivalent HTTP failure.
 * Unknown types count as 500 (`api_error`).
 *
 * @example
 * ```ts
 * anthropicErrorStatus('overloaded_error'); // 529
 * ```
 */
export function anthropicErrorStatus(errorType: string): number {
  return ERROR_STATUS[errorType] ?? 500;
}

const ERROR_STATUS: { readonly [type: string]: number } = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};
