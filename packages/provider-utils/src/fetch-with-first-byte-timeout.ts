/**
 * Default time to first byte of a provider call: 5 minutes.
 *
 * @example
 * ```ts
 * const openai = createOpenAI({ timeoutMs: 2 * DEFAULT_TIMEOUT_MS }); // a slow, long-thinking model
 * ```
 *
 * @category HTTP and SSE
 */
export const DEFAULT_TIMEOUT_MS = 300_000;

/** Statuses whose `Response` cannot carry a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch` with a deadline for the first byte: the response headers and the first chunk of the body must
 * arrive within `timeoutMs` of the call, else the request is aborted (its socket closed) and the error
 * made by `timeoutError` is thrown — from this call, or from reading the body if the headers came in
 * time but the body did not start. After the first chunk the stream has no deadline (a model may think
 * for a long time between events); the caller's `signal` still aborts it.
 * @internal
 */
export async function fetchWithFirstByteTimeout(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit & { readonly signal?: AbortSignal | undefined },
  timeoutMs: number,
  timeoutError: () => Error,
): Promise<Response> {
  const { signal } = init;
  const controller = new AbortController();
  const timeout = new Error(`No response within ${timeoutMs} ms.`);
  timeout.name = 'TimeoutError';
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined = setTimeout(() => controller.abort(timeout), timeoutMs);
  const release = (): void => {
    clearTimeout(timer);
    timer = undefined;
    signal?.removeEventListener('abort', onAbort);
  };
  let response: Response;
  try {
    response = await doFetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    release();
    throw controller.signal.reason === timeout && signal?.aborted !== true ? timeoutError() : error;
  }
  if (response.body === null || NULL_BODY_STATUSES.has(response.status)) {
    release();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      try {
        const next = await reader.read();
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        if (next.done) {
          release();
          stream.close();
        } else {
          stream.enqueue(next.value);
        }
      } catch (error) {
        release();
        stream.error(controller.signal.reason === timeout && signal?.aborted !== true ? timeoutError() : error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
