import { postJsonToApi, type PostJsonToApiOptions } from './post-json-to-api.js';
import { readSseEvents, type SseMessage } from './read-sse-events.js';
import { retryUntilFirstPart } from './retry-until-first-part.js';

/**
 * Options of {@link streamSseWithRetry}: those of `postJsonToApi`, where `maxRetries` counts retries of the
 * whole streaming call (made only before its first part is yielded).
 *
 * @example
 * ```ts
 * const options: StreamSseWithRetryOptions = { provider: 'Acme', url, headers, body, maxRetries: 2, secrets: [apiKey] };
 * ```
 *
 * @category HTTP and SSE
 */
export interface StreamSseWithRetryOptions extends Omit<PostJsonToApiOptions, 'initialRetryDelayMs'> {
  /** The largest single event accepted, in bytes (see `readSseEvents`). Default 32 MiB. */
  readonly maxEventBytes?: number;
}

/**
 * POSTs a JSON body to a streaming (`text/event-stream`) endpoint and maps its events to parts. The whole
 * call is retried — on an HTTP error, a first-byte timeout, a body that ends (even empty) or an error event
 * before the first part, as `retryUntilFirstPart` does — never after a part was yielded. This is the shape
 * every HTTP provider shares, so they all retry the same failures.
 *
 * @example
 * ```ts
 * yield* streamSseWithRetry({ provider: 'Acme', url, headers, body, signal, maxRetries: 2, secrets: [apiKey] },
 *   async function* (events) { for await (const event of events) yield* mapper.map(JSON.parse(event.data)); });
 * ```
 *
 * @category HTTP and SSE
 */
export function streamSseWithRetry<T>(
  options: StreamSseWithRetryOptions,
  map: (events: AsyncIterable<SseMessage>, response: Response) => AsyncIterable<T>,
): AsyncGenerator<T, void, undefined> {
  const { maxRetries, sleep, signal, provider, maxRetryAfterMs, maxEventBytes } = options;
  return retryUntilFirstPart({
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(sleep === undefined ? {} : { sleep }),
    ...(signal === undefined ? {} : { signal }),
    ...(maxRetryAfterMs === undefined ? {} : { maxRetryAfterMs }),
    attempt: async function* () {
      const response = await postJsonToApi({ ...options, maxRetries: 0 });
      yield* map(readSseEvents(response, { provider, ...(signal === undefined ? {} : { signal }), ...(maxEventBytes === undefined ? {} : { maxEventBytes }) }), response);
    },
  });
}
