import { APICallError, registerSecret } from '@tandem/core/spec';
import { loadApiKey, redactSecrets, withoutTrailingSlash } from '@tandem/provider-utils';

/**
 * Options of {@link createRealtimeClientSecret}.
 *
 * @example
 * ```ts
 * const options: CreateRealtimeClientSecretOptions = { model: 'gpt-realtime', expiresAfterSeconds: 120 };
 * ```
 *
 * @category Realtime
 */
export interface CreateRealtimeClientSecretOptions {
  /** The Realtime model the browser will connect to (the secret is bound to its session). */
  readonly model: string;
  /** The server's API key (default: the `OPENAI_API_KEY` environment variable). Never sent to the page. */
  readonly apiKey?: string;
  /** HTTP(S) base URL including `/v1` (default `https://api.openai.com/v1`). */
  readonly baseURL?: string;
  /** How long the secret can open a connection, in seconds (OpenAI allows 10 to 7200; default 600). */
  readonly expiresAfterSeconds?: number;
  /** Extra session fields to fix server-side (`instructions`, `audio`, …), merged into `session`. */
  readonly session?: { readonly [field: string]: unknown };
  /** A `fetch` to use instead of the global one. */
  readonly fetch?: typeof globalThis.fetch;
  readonly signal?: AbortSignal;
}

/**
 * A minted client secret: hand `value` to the page, which passes it to `openai.realtime(id, { clientSecret })`.
 *
 * @example
 * ```ts
 * const secret: RealtimeClientSecret = { value: 'ek_…', expiresAt: 1767225600 };
 * ```
 *
 * @category Realtime
 */
export interface RealtimeClientSecret {
  /** The short-lived secret (`ek_…`). */
  readonly value: string;
  /** When it stops opening connections (Unix seconds). */
  readonly expiresAt: number;
}

/**
 * Mints a short-lived Realtime client secret on the app's server (`POST {baseURL}/realtime/client_secrets`),
 * so a browser can open `openai.realtime()` over its own `WebSocket` without ever seeing the API key. Call it
 * from a route of yours for each connection, return only `value` to the page, and give the page
 * `openai.realtime(id, { clientSecret: () => fetchSecretFromYourRoute() })`. Runs wherever `fetch` does.
 *
 * @example
 * ```ts
 * // server route (Node, Deno, Bun, a Worker …)
 * export async function GET(): Promise<Response> {
 *   const { value } = await createRealtimeClientSecret({ model: 'gpt-realtime' });
 *   return Response.json({ value });
 * }
 * ```
 *
 * @category Realtime
 */
export async function createRealtimeClientSecret(options: CreateRealtimeClientSecretOptions): Promise<RealtimeClientSecret> {
  const apiKey = loadApiKey({ apiKey: options.apiKey, environmentVariableNames: ['OPENAI_API_KEY'], description: 'OpenAI', factoryName: 'createRealtimeClientSecret' });
  const seconds = options.expiresAfterSeconds ?? 600;
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 7200) {
    throw new RangeError(`createRealtimeClientSecret(): expiresAfterSeconds must be a whole number from 10 to 7200 (got ${String(seconds)}).`);
  }
  const url = `${withoutTrailingSlash(options.baseURL ?? 'https://api.openai.com/v1')}/realtime/client_secrets`;
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ expires_after: { anchor: 'created_at', seconds }, session: { ...options.session, type: 'realtime', model: options.model } }),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw new APICallError({ message: redactSecrets(`Cannot reach OpenAI at ${url}: ${String(cause)}. Check the baseURL and your network connection.`, [apiKey]), url, isRetryable: true, cause });
  }
  const text = redactSecrets(await response.text(), [apiKey]);
  if (!response.ok) {
    throw new APICallError({ message: `OpenAI refused to mint a Realtime client secret (HTTP ${String(response.status)}): ${text.slice(0, 500)}`, url, statusCode: response.status, responseBody: text });
  }
  const body = safeJson(text) as { value?: unknown; expires_at?: unknown; client_secret?: { value?: unknown; expires_at?: unknown } } | undefined;
  const value = body?.value ?? body?.client_secret?.value;
  const expiresAt = body?.expires_at ?? body?.client_secret?.expires_at;
  if (typeof value !== 'string' || typeof expiresAt !== 'number') {
    throw new APICallError({ message: 'OpenAI answered the client secret request without `value` and `expires_at`.', url, statusCode: response.status, responseBody: text, isRetryable: false });
  }
  registerSecret(value);
  return { value, expiresAt };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
