import { IncompleteResponseError, TandemError } from '@tandem/core/spec';
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { DEFAULT_MAX_EVENT_BYTES, sseEventSizeGuard } from './sse-event-size-guard.js';

/**
 * One decoded server-sent event.
 *
 * @category HTTP and SSE
 */
export interface SseMessage {
  /** The `event:` field, when the server named the event. */
  readonly event?: string;
  readonly id?: string;
  /** The `data:` payload (multi-line data joined with `\n`). */
  readonly data: string;
}

/**
 * Options of {@link readSseEvents}.
 *
 * @category HTTP and SSE
 */
export interface ReadSseEventsOptions {
  /** Vendor name for errors, e.g. `OpenAI`. */
  readonly provider: string;
  /** The call's signal: when it aborts, iteration throws `signal.reason`. */
  readonly signal?: AbortSignal;
  /**
   * The largest single event accepted, in bytes; a larger one fails the stream with
   * `InvalidResponseDataError` before it is buffered. Default 32 MiB.
   */
  readonly maxEventBytes?: number;
}

/**
 * Decodes a `text/event-stream` response body into events, whatever the chunk boundaries (UTF-8
 * sequences and lines split anywhere are reassembled). Uses `eventsource-parser`.
 *
 * - A connection error mid-stream throws `IncompleteResponseError` (with the network error as `cause`).
 * - An event over `maxEventBytes` throws `InvalidResponseDataError`; invalid UTF-8 becomes U+FFFD.
 * - An aborted `signal` throws `signal.reason`.
 * - Stopping the iteration early cancels the body, which closes the connection.
 *
 * The iteration simply ends when the body ends: whether the vendor's final event arrived is the
 * provider's call (throw `IncompleteResponseError` if not).
 *
 * @example
 * ```ts
 * for await (const event of readSseEvents(response, { provider: 'OpenAI', signal })) {
 *   if (event.data === '[DONE]') break;
 *   const chunk = parseJsonEvent(event.data, chunkSchema, { provider: 'OpenAI' });
 * }
 * ```
 *
 * @category HTTP and SSE
 */
export async function* readSseEvents(response: Response, options: ReadSseEventsOptions): AsyncGenerator<SseMessage, void, undefined> {
  const { signal, provider } = options;
  if (response.body === null) throw new IncompleteResponseError({ provider, message: `The ${provider} response has no body; expected an event stream.` });
  const reader = response.body
    .pipeThrough(sseEventSizeGuard(provider, options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES))
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  let finished = false;
  // A custom fetch may not tie the body to the signal: cancel the body ourselves on abort.
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      let next: ReadableStreamReadResult<EventSourceMessage>;
      try {
        next = await reader.read();
      } catch (cause) {
        finished = true;
        if (signal?.aborted) throw signal.reason;
        if (TandemError.isInstance(cause)) throw cause; // the size guard's error, or a timeout from the request
        throw new IncompleteResponseError({ provider, cause });
      }
      if (next.done) {
        finished = true;
        if (signal?.aborted) throw signal.reason;
        return;
      }
      const { event, id, data } = next.value;
      yield { ...(event === undefined ? {} : { event }), ...(id === undefined ? {} : { id }), data };
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
