import { googleMaxInputTokens } from './google-max-input-tokens.js';
import { APICallError, type LanguageModelV1, type ModelCallOptions, type ModelRequest, type ModelStreamPart } from '@tandem/core/spec';
import { z } from 'zod';
import {
  parseJsonEvent,
  streamSseWithRetry,
  validateJson,
  type ProviderLimitSettings,
  type Sleep,
} from '@tandem/provider-utils';
import { buildGoogleRequestBody } from './build-google-request-body.js';
import { mapGoogleContextOverflow } from './google-context-overflow.js';
import { GoogleErrorBody, GoogleStreamChunk } from './google-stream-chunk.js';
import { GoogleStreamMapper } from './google-stream-mapper.js';

/**
 * The resolved settings a {@link GoogleGenerativeAIModel} runs with.
 *
 * @category Models
 */
export interface GoogleGenerativeAIModelConfig {
  /** Base URL including the version segment, without a trailing slash. */
  readonly baseURL: string;
  /** Returns the API key; called per request. */
  readonly apiKey: () => string;
  readonly headers: { readonly [name: string]: string };
  readonly fetch: typeof fetch | undefined;
  readonly maxRetries: number;
  readonly sleep: Sleep | undefined;
  readonly warn: ((message: string) => void) | undefined;
  /** Ids for function calls Gemini sent without one. */
  readonly generateId: () => string;
  readonly limits: ProviderLimitSettings;
}

/**
 * A Gemini model on `streamGenerateContent` (`POST {baseURL}/models/{model}:streamGenerateContent?alt=sse`).
 * Create one with `google('gemini-…')`; it implements the Tandem `LanguageModel` spec.
 *
 * @example
 * ```ts
 * const model = createGoogleGenerativeAI({ apiKey })('gemini-2.5-flash');
 * for await (const part of model.stream({ messages: [userMessage('Hi')], tools: [] })) console.log(part);
 * ```
 *
 * @category Models
 */
export class GoogleGenerativeAIModel implements LanguageModelV1 {
  readonly specificationVersion = 'v1';
  readonly provider = 'google';
  readonly modelId: string;
  /** The model's input limit in tokens, where the provider knows it. */
  readonly maxInputTokens?: number;
  readonly #config: GoogleGenerativeAIModelConfig;

  constructor(modelId: string, config: GoogleGenerativeAIModelConfig) {
    this.modelId = modelId.replace(/^models\//, '');
    this.#config = config;
    const limit = googleMaxInputTokens(this.modelId);
    if (limit !== undefined) this.maxInputTokens = limit;
  }

  async *stream(request: ModelRequest, options: ModelCallOptions = {}): AsyncGenerator<ModelStreamPart, void, undefined> {
    const { signal } = options;
    signal?.throwIfAborted();
    const config = this.#config;
    const apiKey = config.apiKey();
    const body = buildGoogleRequestBody(request, config.warn);
    const url = `${config.baseURL}/models/${encodeURIComponent(this.modelId)}:streamGenerateContent?alt=sse`;
    const headers = { ...config.headers, ...options.headers, 'x-goog-api-key': apiKey };
    yield* streamSseWithRetry(
      { provider: 'Google Gemini', url, headers, body, fetch: config.fetch, signal, maxRetries: config.maxRetries, sleep: config.sleep, secrets: [apiKey], ...config.limits, mapError: mapGoogleContextOverflow },
      async function* (events) {
        const mapper = new GoogleStreamMapper({ generateId: config.generateId });
        for await (const message of events) yield* mapper.map(parseChunk(message.data, url));
        yield* mapper.end();
      },
    );
  }
}

/**
 * Parses one `data:` payload. Gemini reports a failure after the stream has begun as a chunk holding only an
 * `error` (a `google.rpc.Status`); that becomes an `APICallError` with the status code it names.
 */
function parseChunk(data: string, url: string): GoogleStreamChunk {
  const json = parseJsonEvent(data, z.unknown(), { provider: 'Google Gemini' });
  if (typeof json === 'object' && json !== null && 'error' in json) {
    const body = validateJson(json, GoogleErrorBody, { provider: 'Google Gemini' });
    const statusCode = body.error.code ?? 500;
    throw mapGoogleContextOverflow(
      new APICallError({
        message: `Google Gemini stream failed with ${body.error.status ?? `HTTP ${statusCode}`}: ${body.error.message}`,
        url,
        statusCode,
        responseBody: data,
      }),
    );
  }
  return validateJson(json, GoogleStreamChunk, { provider: 'Google Gemini' });
}

/**
 * The default id generator for function calls without a wire id.
 *
 * @category Models
 */
export function defaultGenerateId(): string {
  return `call_${crypto.randomUUID()}`;
}
