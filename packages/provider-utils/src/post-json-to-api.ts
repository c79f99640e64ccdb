import { APICallError } from '@tandem/core/spec';
import { redactSecrets } from './redact-secrets.js';
import { retryDelayMs } from './retry-delay.js';
import { defaultSleep, type Sleep } from './sleep.js';

/** Options of {@link postJsonToApi}. */
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
  /** Strings (API keys, tokens) removed from every error message, URL and body. */
  readonly secrets?: readonly (string | undefined)[];
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
 */
export async function postJsonToApi(options: PostJsonToApiOptions): Promise<Response> {
  const { signal, secrets = [] } = options;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? 2;
  const headers: { [name: string]: string } = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name] = value;
  const body = JSON.stringify(options.body);
  const safeUrl = redactSecrets(options.url, secrets);

  for (let retry = 0; ; retry++) {
    signal?.throwIfAborted();
    let response: Response;
    try {
      response = await doFetch(options.url, { method: 'POST', headers, body, signal });
    } catch (cause) {
      if (signal?.aborted) throw signal.reason;
      const error = new APICallError({
        message: redactSecrets(
          `Cannot reach ${options.provider} at ${options.url}: ${describe(cause)}. Check the baseURL and your network connection.`,
          secrets,
        ),
        url: safeUrl,
        isRetryable: true,
        cause: redactCause(cause, secrets),
      });
      if (retry >= maxRetries) throw error;
      await sleep(retryDelayMs({ retry, initialDelayMs: options.initialRetryDelayMs }), signal);
      continue;
    }
    if (response.ok) return response;
    const error = await apiCallError(options.provider, response, safeUrl, secrets, signal);
    if (!error.isRetryable || retry >= maxRetries) throw error;
    await sleep(retryDelayMs({ retry, headers: response.headers, initialDelayMs: options.initialRetryDelayMs }), signal);
  }
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
    text = await response.text();
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
