import { IncompleteResponseError, type LanguageModelV1, type ModelCallOptions, type ModelRequest, type ModelStreamPart } from '@tandem/core/spec';
import { mapOpenAICompatibleOverflow, streamSseWithRetry } from '@tandem/provider-utils';
import type { OpenAIConfig } from '../openai-config.js';
import { ResponsesStreamMapper } from './responses-stream-mapper.js';

/**
 * An OpenAI model on the Responses API (`POST {baseURL}/responses`, streamed). Create it with
 * `openai(id)` or `openai.responses(id)`.
 *
 * @example
 * ```ts
 * const model = createOpenAI({ apiKey }).responses('gpt-5');
 * for await (const part of model.stream({ messages: [userMessage('Hi')], tools: [] })) console.log(part);
 * ```
 *
 * @category Models
 */
export class OpenAIResponsesLanguageModel implements LanguageModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  /** The model's input limit in tokens, where the provider knows it. */
  readonly maxInputTokens?: number;
  private readonly config: OpenAIConfig;

  constructor(modelId: string, config: OpenAIConfig) {
    this.modelId = modelId;
    this.config = config;
    this.provider = config.provider;
    const limit = config.maxInputTokens?.(modelId);
    if (limit !== undefined) this.maxInputTokens = limit;
  }

  async *stream(request: ModelRequest, options: ModelCallOptions = {}): AsyncIterable<ModelStreamPart> {
    const { signal } = options;
    signal?.throwIfAborted();
    const { config } = this;
    const url = `${config.baseURL}/responses`;
    const wire = await import('./responses-wire.js');
    const body = wire.buildResponsesRequestBody(this.modelId, request, config.providerOptionsKey);
    const headers = { ...config.headers(), ...options.headers };
    const provider = this.provider;
    yield* streamSseWithRetry(
      {
        provider: config.label,
        url,
        headers,
        body,
        fetch: config.fetch,
        signal,
        maxRetries: config.maxRetries,
        sleep: config.sleep,
        secrets: config.secrets?.() ?? [],
        timeoutMs: config.timeoutMs,
        maxRetryAfterMs: config.maxRetryAfterMs,
        maxEventBytes: config.maxEventBytes,
        mapError: mapOpenAICompatibleOverflow,
      },
      async function* (events) {
        const mapper = new ResponsesStreamMapper({ providerOptionsKey: config.providerOptionsKey, url });
        for await (const message of events) {
          const event = wire.parseResponsesEvent(message.data, config.label);
          if (event === undefined) continue;
          yield* mapper.map(event);
          if (mapper.finished) return;
        }
        signal?.throwIfAborted();
        throw new IncompleteResponseError({ provider });
      },
    );
  }
}
