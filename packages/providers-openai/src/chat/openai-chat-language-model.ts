import { IncompleteResponseError, type LanguageModelV1, type ModelCallOptions, type ModelRequest, type ModelStreamPart } from '@tandem/core/spec';
import { mapOpenAICompatibleOverflow, streamSseWithRetry } from '@tandem/provider-utils';
import { ChatStreamMapper } from './chat-stream-mapper.js';
import type { OpenAIChatConfig } from './openai-chat-config.js';

/**
 * A model on the Chat Completions API (`POST {baseURL}/chat/completions`, streamed with
 * `stream_options.include_usage`). `openai.chat(id)` creates one for OpenAI; OpenAI-compatible servers
 * (Ollama, gateways) use it with their own {@link OpenAIChatConfig}. The stream is complete at the
 * `data: [DONE]` sentinel; a body that ends before it (even an empty one) is an `IncompleteResponseError`,
 * retried like an HTTP error as long as no part was yielded.
 *
 * @example
 * ```ts
 * const model = openai.chat('gpt-4.1-mini');
 * ```
 *
 * @category Models
 */
export class OpenAIChatLanguageModel implements LanguageModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  /** The model's input limit in tokens, where the provider knows it. */
  readonly maxInputTokens?: number;
  private readonly config: OpenAIChatConfig;

  constructor(modelId: string, config: OpenAIChatConfig) {
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
    const url = `${config.baseURL}/chat/completions`;
    const wire = await import('./chat-wire.js');
    const body = wire.buildChatRequestBody(this.modelId, request, config);
    const provider = this.provider;
    yield* streamSseWithRetry(
      {
        provider: config.label,
        url,
        headers: { ...config.headers(), ...options.headers },
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
        const mapper = new ChatStreamMapper({ url, builtinToolName: config.builtinToolName ?? 'web_search' });
        for await (const event of events) {
          if (event.data.trim() === '[DONE]') {
            yield* mapper.done();
            return;
          }
          yield* wire.mapChatChunk(mapper, event.data, config.label);
        }
        signal?.throwIfAborted();
        throw new IncompleteResponseError({ provider });
      },
    );
  }
}
