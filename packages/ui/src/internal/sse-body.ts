const encoder = new TextEncoder();

/** Options of {@link sseBody}. @internal */
export interface SseBodyOptions<T> {
  /** Cancels the source when it aborts (the request's signal: the client went away). */
  readonly signal?: AbortSignal;
  /** What to write after the last item (`data: [DONE]` for AI SDK UI). */
  readonly trailer?: string;
  readonly encode: (item: T) => string;
}

/**
 * An SSE response body over a stream of items: each item one `data:` event, flushed as it arrives. Cancelling
 * the body, or aborting `signal`, cancels the source. @internal
 */
export function sseBody<T>(source: ReadableStream<T>, options: SseBodyOptions<T>): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const { signal } = options;
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  const cleanup = (): void => signal?.removeEventListener('abort', onAbort);
  if (signal?.aborted === true) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<T>;
        try {
          next = await reader.read();
        } catch (error) {
          cleanup();
          controller.error(error);
          return;
        }
        if (next.done) {
          cleanup();
          if (options.trailer !== undefined && signal?.aborted !== true) controller.enqueue(encoder.encode(options.trailer));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(options.encode(next.value)));
      },
      async cancel(reason) {
        cleanup();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** One SSE `data:` event of a JSON value. @internal */
export function sseData(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}
