import { APICallError } from '@tandem/core/spec';
import { DEFAULT_TIMEOUT_MS, fetchWithFirstByteTimeout } from './fetch-with-first-byte-timeout.js';
import { redactSecrets } from './redact-secrets.js';
import { registerRequestSecrets } from './register-request-secrets.js';
import { DEFAULT_MAX_RETRY_AFTER_MS, refuseLongRetryAfter } from './retry-after-cap.js';
import { retryDelayMs } from './retry-delay.js';
import { stringifyJson } from './stringify-deep.js';
import { defaultSleep, type Sleep } from './sleep.js';

/**
 * Options of {@link postJsonToApi}.
 *
 * @category HTTP and SSE
 */
export interface PostJsonToApiOptions {
  /** Vendor name for error messages, e.g. `OpenAI`. */
  readonly provider: string;
  readonly url: string;
  /** Request headers; `undefined` values are dropped. `content-type: application/json` is added. */
  readonly headers?: { readonly [name: string]: string | undefined };
  /** Serialized with `JSON.stringify`. */
  readonly body: unknown;
  /** Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
  /** Retries after the first attempt for retryable failures (408, 409, 429, 5xx, network). Default 2. */
  readonly maxRetries?: number;
  /** First backoff delay (default 2000 ms), doubled per retry; `retry-after(-ms)` headers win. */
  readonly initialRetryDelayMs?: number;
  /** The retry wait; tests pass one that does not really wait. */
  readonly sleep?: Sleep;
  /**
   * Strings (API keys, tokens) removed from every error message, URL and body. They are also registered
   * with `registerSecret()`, as are the values of credential headers (`authorization`, `x-api-key`, …), so
   * no Tandem error built later — from an error event in the stream, say — can show them either.
   */
  readonly secrets?: readonly (string | undefined)[];
  /**
   * Time to first byte: the response headers and the first bytes of the body must arrive within this
   * many milliseconds, else the attempt fails with a retryable `APICallError`. Default 300 000 (5 min).
   * After the first byte the stream has no deadline (use `signal`).
   */
  readonly timeoutMs?: number;
  /**
   * Longest server-requested wait (`retry-after`, `retry-after-ms`) honoured before a retry. A longer one
   * is not waited out: the call fails at once with an `APICallError` whose `retryAfterMs` (and message)
   * carries the server's delay. Default 60 000.
   */
  readonly maxRetryAfterMs?: number;
  /**
   * Maps the `APICallError` of a failed HTTP response before it is thrown or retried — how a provider turns
   * its vendor's "context too long" body into a `ContextOverflowError` (see `contextOverflowOr`).
   */
  readonly mapError?: (error: APICallError) => APICallError;
}

/**
 * POSTs JSON and returns the successful `Response` (body unread, for streaming). Retryable failures are
 * retried up to `maxRetries` times with exponential backoff honouring `retry-after-ms`/`retry-after`;
 * then, or at once for other statuses, it throws `APICallError` with the vendor's error body — with every
 * secret replaced by `[REDACTED]`. An abort throws `signal.reason` at once, also during a backoff wait.
 *
 * @example
 * ```ts
 * const response = await postJsonToApi({
 *   provider: 'OpenAI', url: `${baseURL}/responses`, body, signal, fetch, maxRetries: 2,
 *   headers: { authorization: `Bearer ${apiKey}` }, secrets: [apiKey],
 * });
 * for await (const event of readSseEvents(response, { provider: 'OpenAI', signal })) { … }
 * ```
 *
 * @category HTTP and SSE
 */
export async function postJsonToApi(options: PostJsonToApiOptions): Promise<Response> {
  const { signal, secrets = [] } = options;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? 2;
  const headers: { [name: string]: string } = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name] = value;
  registerRequestSecrets(secrets, headers);
  const body = stringifyJson(options.body);
  const safeUrl = redactSecrets(options.url, secrets);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;

  for (let retry = 0; ; retry++) {
    signal?.throwIfAborted();
    let response: Response;
    try {
      response = await fetchWithFirstByteTimeout(doFetch, options.url, { method: 'POST', headers, body, signal }, timeoutMs, () =>
        timeoutError(options.provider, safeUrl, timeoutMs),
      );
    } catch (cause) {
      if (signal?.aborted) throw signal.reason;
      const error = APICallError.isInstance(cause) ? cause : unreachableError(options, safeUrl, secrets, cause);
      if (retry >= maxRetries) throw error;
      await sleep(retryDelayMs({ retry, initialDelayMs: options.initialRetryDelayMs }), signal);
      continue;
    }
    if (response.ok) return response;
    const failure = await apiCallError(options.provider, response, safeUrl, secrets, signal);
    const error = options.mapError === undefined ? failure : options.mapError(failure);
    if (!error.isRetryable || retry >= maxRetries) throw error;
    const refused = refuseLongRetryAfter(error, maxRetryAfterMs);
    if (refused !== undefined) throw refused;
    await sleep(retryDelayMs({ retry, headers: response.headers, initialDelayMs: options.initialRetryDelayMs, maxRetryAfterMs }), signal);
  }
}

function timeoutError(provider: string, url: string, timeoutMs: number): APICallError {
  return new APICallError({
    message: `${provider} sent no response within ${timeoutMs} ms (timeoutMs). The service may be overloaded; retry, or raise timeoutMs for a model that takes long to start answering.`,
    url,
    isRetryable: true,
  });
}

function unreachableError(options: PostJsonToApiOptions, url: string, secrets: readonly (string | undefined)[], cause: unknown): APICallError {
  return new APICallError({
    message: redactSecrets(
      `Cannot reach ${options.provider} at ${options.url}: ${describe(cause)}. Check the baseURL and your network connection.`,
      secrets,
    ),
    url,
    isRetryable: true,
    cause: redactCause(cause, secrets),
  });
}

async function apiCallError(
  provider: string,
  response: Response,
  url: string,
  secrets: readonly (string | undefined)[],
  signal: AbortSignal | undefined,
): Promise<APICallError> {
  let text = '';
  try {
    text = await readTextCapped(response, MAX_ERROR_BODY_BYTES);
  } catch {
    if (signal?.aborted) throw signal.reason;
  }
  const responseBody = redactSecrets(text, secrets);
  const vendorMessage = extractMessage(responseBody);
  const headers: { [name: string]: string } = {};
  response.headers.forEach((value, name) => {
    headers[name] = redactSecrets(value, secrets);
  });
  const hint = hintFor(response.status);
  return new APICallError({
    message: `${provider} API call failed with HTTP ${response.status}${vendorMessage === undefined ? '' : `: ${vendorMessage}`}${hint}`,
    url,
    statusCode: response.status,
    responseBody,
    responseHeaders: headers,
  });
}

/** An error body is read up to this size (the rest is dropped): enough for any vendor's error JSON. */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;

async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
      size += next.value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(size, maxBytes));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  return new TextDecoder().decode(bytes);
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) return ' Check the API key (and that it may use this model).';
  if (status === 404) return ' Check the model id and the baseURL (it must include the version segment, e.g. /v1).';
  if (status === 429) return ' You are rate limited; retry later or lower the request rate.';
  return '';
}

/** Pulls `error.message` / `message` / `error` out of a JSON error body; falls back to the first 500 characters. */
function extractMessage(body: string): string | undefined {
  if (body.trim() === '') return undefined;
  try {
    const json = JSON.parse(body) as unknown;
    const value = pick(json, ['error', 'message']) ?? pick(json, ['message']) ?? pick(json, ['error']) ?? pick(json, ['detail']);
    if (typeof value === 'string') return value;
  } catch {
    // Not JSON: use the text itself.
  }
  return body.length > 500 ? `${body.slice(0, 500)}…` : body;
}

function pick(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as { [key: string]: unknown })[key];
  }
  return current;
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
    return `${cause.message}${inner}`;
  }
  return String(cause);
}

function redactCause(cause: unknown, secrets: readonly (string | undefined)[]): unknown {
  if (typeof cause === 'string') return redactSecrets(cause, secrets);
  if (!(cause instanceof Error)) return cause;
  const message = redactSecrets(cause.message, secrets);
  const stack = cause.stack === undefined ? undefined : redactSecrets(cause.stack, secrets);
  if (message === cause.message && stack === cause.stack) return cause;
  const copy = new Error(message);
  copy.name = cause.name;
  copy.stack = stack;
  return copy;
}
