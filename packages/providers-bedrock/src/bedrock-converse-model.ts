import type { BedrockRuntimeClient, ConverseStreamCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { APICallError, IncompleteResponseError, type LanguageModelV1, type ModelCallOptions, type ModelRequest, type ModelStreamPart } from '@tandem/core/spec';
import { DEFAULT_MAX_EVENT_BYTES, DEFAULT_TIMEOUT_MS, jsonResponseToolName, retryUntilFirstPart, validateJson, type Sleep } from '@tandem/provider-utils';
import { BedrockStreamEvent } from './bedrock-stream-event.js';
import { converseCommand, frameGuardError } from './converse-command.js';
import { BedrockStreamMapper } from './bedrock-stream-mapper.js';
import { buildBedrockConverseInput } from './build-bedrock-converse-input.js';
import { mapBedrockError } from './map-bedrock-error.js';

/** The resolved settings a {@link BedrockConverseModel} runs with. */
export interface BedrockConverseModelConfig {
  /** The SDK client (created on first use); its own retries are off — Tandem retries. */
  readonly client: () => Promise<BedrockRuntimeClient>;
  /** A description of the endpoint for error messages, e.g. `https://bedrock-runtime.us-east-1.amazonaws.com`. */
  readonly endpoint: () => string;
  readonly maxRetries: number;
  readonly sleep: Sleep | undefined;
  readonly warn: ((message: string) => void) | undefined;
  /** Time to the first stream event (default 5 minutes). */
  readonly timeoutMs: number | undefined;
  /** Longest `retry-after` waited out before a retry (default 60 s). */
  readonly maxRetryAfterMs: number | undefined;
  /** The largest event-stream frame accepted (default 32 MiB). */
  readonly maxEventBytes: number | undefined;
}

/**
 * A Bedrock model on the Converse stream API (`ConverseStreamCommand`): SigV4 signing and the binary
 * event-stream framing are done by the AWS SDK. Create one with `bedrock('<model or inference profile id>')`.
 *
 * @example
 * ```ts
 * const model = createBedrock({ region: 'us-east-1' })('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
 * for await (const part of model.stream({ messages: [userMessage('Hi')], tools: [] })) console.log(part);
 * ```
 */
export class BedrockConverseModel implements LanguageModelV1 {
  readonly specificationVersion = 'v1';
  readonly provider = 'bedrock';
  readonly modelId: string;
  readonly #config: BedrockConverseModelConfig;

  constructor(modelId: string, config: BedrockConverseModelConfig) {
    this.modelId = modelId;
    this.#config = config;
  }

  async *stream(request: ModelRequest, options: ModelCallOptions = {}): AsyncGenerator<ModelStreamPart, void, undefined> {
    const { signal } = options;
    signal?.throwIfAborted();
    const config = this.#config;
    const input = buildBedrockConverseInput(this.modelId, request, config.warn);
    // A response format sent without `outputConfig` went as the answer tool (`structuredOutputMode: 'jsonTool'`).
    const answerTool = request.responseFormat !== undefined && input.outputConfig === undefined ? jsonResponseToolName(request.responseFormat) : undefined;
    const client = await config.client();
    const url = `${config.endpoint()}/model/${encodeURIComponent(this.modelId)}/converse-stream`;
    const extraHeaders = options.headers ?? {};
    const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    yield* retryUntilFirstPart({
      maxRetries: config.maxRetries,
      sleep: config.sleep,
      signal,
      maxRetryAfterMs: config.maxRetryAfterMs,
      attempt: () =>
        attempt(client, input, { url, headers: extraHeaders, timeoutMs, maxEventBytes: config.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES, answerTool }, signal),
    });
  }
}

async function* attempt(
  client: BedrockRuntimeClient,
  input: ConverseStreamCommandInput,
  call: {
    readonly url: string;
    readonly headers: { readonly [name: string]: string };
    readonly timeoutMs: number;
    readonly maxEventBytes: number;
    readonly answerTool: string | undefined;
  },
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelStreamPart, void, undefined> {
  const { url, headers } = call;
  // Aborting this controller destroys the HTTP request (and its socket), also after the response began.
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  // Time to first byte: until the first stream event arrives.
  let timedOut = false;
  let firstByteTimer: NodeJS.Timeout | undefined = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`No response within ${call.timeoutMs} ms.`));
  }, call.timeoutMs);
  const firstByteArrived = (): void => {
    clearTimeout(firstByteTimer);
    firstByteTimer = undefined;
  };
  const timeoutError = (): APICallError =>
    new APICallError({
      message: `Amazon Bedrock sent no response within ${call.timeoutMs} ms (timeoutMs). The service may be overloaded; retry, or raise timeoutMs for a model that takes long to start answering.`,
      url,
      isRetryable: true,
    });
  const command = await converseCommand(input, { headers, maxEventBytes: call.maxEventBytes });
  try {
    let stream: AsyncIterable<unknown> | undefined;
    try {
      stream = (await client.send(command, { abortSignal: controller.signal })).stream;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) throw timeoutError();
      throw frameGuardError(error) ?? mapBedrockError(error, url);
    }
    const mapper = new BedrockStreamMapper({ answerTool: call.answerTool });
    if (stream !== undefined) {
      const iterator = stream[Symbol.asyncIterator]();
      for (;;) {
        let next: IteratorResult<unknown>;
        try {
          next = await iterator.next();
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          if (timedOut) throw timeoutError();
          // Exceptions Bedrock sends in the stream are service errors; anything else is a broken connection
          // (or the frame guard refusing an oversized frame, which says so itself).
          if (isServiceException(error)) throw mapBedrockError(error, url);
          const refused = frameGuardError(error);
          if (refused !== undefined) throw refused;
          throw new IncompleteResponseError({ provider: 'bedrock', cause: error });
        }
        firstByteArrived();
        if (next.done) break;
        const event = next.value as { readonly $unknown?: unknown };
        if (event.$unknown !== undefined) continue; // An event type newer than this package.
        yield* mapper.map(validateJson(event, BedrockStreamEvent, { provider: 'Amazon Bedrock' }));
        if (mapper.finished) break;
      }
    }
    if (signal?.aborted) throw signal.reason;
    mapper.end();
  } finally {
    firstByteArrived();
    signal?.removeEventListener('abort', onAbort);
    // Releases the connection when the consumer stops early (a no-op once the response has ended).
    controller.abort();
  }
}

function isServiceException(error: unknown): boolean {
  return typeof error === 'object' && error !== null && '$fault' in error;
}
