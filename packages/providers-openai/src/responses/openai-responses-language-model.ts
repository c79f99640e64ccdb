import { IncompleteResponseError, type LanguageModelV1, type ModelCallOptions, type ModelRequest, type ModelStreamPart } from '@tandem/core/spec';
import { parseJsonEvent, streamSseWithRetry, validateJson } from '@tandem/provider-utils';
import type { z } from 'zod';
import type { OpenAIConfig } from '../openai-config.js';
import { buildResponsesRequestBody } from './build-responses-request-body.js';
import { ResponsesEventEnvelope, responsesEventSchemas, type ResponsesEvent, type ResponsesEventType } from './responses-stream-event.js';
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
 */
export class OpenAIResponsesLanguageModel implements LanguageModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  private readonly config: OpenAIConfig;

  constructor(modelId: string, config: OpenAIConfig) {
    this.modelId = modelId;
    this.config = config;
    this.provider = config.provider;
  }

  async *stream(request: ModelRequest, options: ModelCallOptions = {}): AsyncIterable<ModelStreamPart> {
    const { signal } = options;
    signal?.throwIfAborted();
    const { config } = this;
    const url = `${config.baseURL}/responses`;
    const body = buildResponsesRequestBody(this.modelId, request, config.providerOptionsKey);
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
      },
      async function* (events) {
        const mapper = new ResponsesStreamMapper({ providerOptionsKey: config.providerOptionsKey, url });
        for await (const message of events) {
          const event = parseEvent(message.data, config.label);
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

function parseEvent(data: string, provider: string): ResponsesEvent | undefined {
  const envelope = parseJsonEvent(data, ResponsesEventEnvelope, { provider });
  if (!(envelope.type in responsesEventSchemas)) return undefined;
  const type = envelope.type as ResponsesEventType;
  const schema: z.ZodType<unknown> = responsesEventSchemas[type];
  const fields = validateJson(JSON.parse(data) as unknown, schema, { provider }) as object;
  return { ...fields, type } as ResponsesEvent;
}
