import type { LanguageModelV1, ModelCallOptions, ModelRequest, ModelStreamPart } from '@tandem/core/spec';
import { anthropicMaxInputTokens } from './anthropic-max-input-tokens.js';
import { mapAnthropicContextOverflow } from './anthropic-context-overflow.js';
import {
  jsonResponseToolName,
  parseJsonEvent,
  streamSseWithRetry,
  validateJson,
  type ProviderLimitSettings,
  type Sleep,
} from '@tandem/provider-utils';
import { AnthropicStreamEvent, KNOWN_ANTHROPIC_EVENT_TYPES } from './anthropic-stream-event.js';
import { AnthropicStreamMapper } from './anthropic-stream-mapper.js';
import { buildAnthropicRequestBody } from './build-anthropic-request-body.js';

/**
 * The resolved settings a {@link AnthropicMessagesModel} runs with.
 *
 * @category Models
 */
export interface AnthropicMessagesModelConfig {
  /** Base URL including the version segment, without a trailing slash. */
  readonly baseURL: string;
  /** Returns the API key; called per request so a key set later in the environment is used. */
  readonly apiKey: () => string;
  readonly headers: { readonly [name: string]: string };
  readonly fetch: typeof fetch | undefined;
  readonly maxRetries: number;
  readonly sleep: Sleep | undefined;
  readonly warn: ((message: string) => void) | undefined;
  readonly limits: ProviderLimitSettings;
}

/**
 * The `anthropic-version` header value this package speaks.
 *
 * @category Models
 */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * A Claude model on the Messages API (`POST {baseURL}/messages`, streamed). Create one with
 * `anthropic('claude-…')`; it implements the Tandem `LanguageModel` spec.
 *
 * @example
 * ```ts
 * const model = createAnthropic({ apiKey })('claude-sonnet-4-5');
 * for await (const part of model.stream({ messages: [userMessage('Hi')], tools: [] })) console.log(part);
 * ```
 *
 * @category Models
 */
export class AnthropicMessagesModel implements LanguageModelV1 {
  readonly specificationVersion = 'v1';
  readonly provider = 'anthropic';
  readonly modelId: string;
  /** The model's input limit in tokens, where the provider knows it. */
  readonly maxInputTokens?: number;
  readonly #config: AnthropicMessagesModelConfig;

  constructor(modelId: string, config: AnthropicMessagesModelConfig) {
    this.modelId = modelId;
    this.#config = config;
    const limit = anthropicMaxInputTokens(this.modelId);
    if (limit !== undefined) this.maxInputTokens = limit;
  }

  async *stream(request: ModelRequest, options: ModelCallOptions = {}): AsyncGenerator<ModelStreamPart, void, undefined> {
    const { signal } = options;
    signal?.throwIfAborted();
    const config = this.#config;
    const apiKey = config.apiKey();
    const body = buildAnthropicRequestBody(this.modelId, request, config.warn);
    // A response format sent without `output_config` went as the answer tool (`structuredOutputMode: 'jsonTool'`).
    const answerTool = request.responseFormat !== undefined && body.output_config === undefined ? jsonResponseToolName(request.responseFormat) : undefined;
    const url = `${config.baseURL}/messages`;
    const headers = {
      ...config.headers,
      ...options.headers,
      'x-api-key': apiKey,
      'anthropic-version': ANTHROPIC_VERSION,
      accept: 'text/event-stream',
    };
    yield* streamSseWithRetry(
      { provider: 'Anthropic', url, headers, body, fetch: config.fetch, signal, maxRetries: config.maxRetries, sleep: config.sleep, secrets: [apiKey], ...config.limits, mapError: mapAnthropicContextOverflow },
      async function* (events) {
        const mapper = new AnthropicStreamMapper({ url, answerTool });
        for await (const message of events) {
          const event = parseEvent(message.data);
          if (event === undefined) continue;
          yield* mapper.map(event);
          if (mapper.finished) return;
        }
        mapper.end();
      },
    );
  }
}

/** Parses one `data:` payload; `undefined` for event types Anthropic added after this package (skipped, as its versioning policy asks). */
function parseEvent(data: string): AnthropicStreamEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data) as unknown;
  } catch {
    return parseJsonEvent(data, AnthropicStreamEvent, { provider: 'Anthropic' }); // throws InvalidResponseDataError
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  if (typeof type === 'string' && !KNOWN_ANTHROPIC_EVENT_TYPES.has(type)) return undefined;
  return validateJson(json, AnthropicStreamEvent, { provider: 'Anthropic' });
}
