/**
 * Options of {@link streamingFetch}.
 *
 * @category Testing
 */
export interface StreamingFetchOptions {
  /** HTTP status (default 200). */
  readonly status?: number;
  /** Response headers (default `content-type: text/event-stream`). */
  readonly headers?: { readonly [name: string]: string };
}

/**
 * A `fetch` that answers every request, without any network, with a body made of exactly these chunks
 * — so a test controls where the byte stream is cut (inside UTF-8 sequences, lines, JSON tokens) and
 * what it contains. Each call streams the same chunks again (a retried call gets the same bytes); the
 * requests are recorded in `requests`.
 *
 * @example
 * ```ts
 * const fetch = streamingFetch(splitBytes(bytes, [3, 17, 18]));
 * const model = createOpenAI({ apiKey, fetch })('gpt-5');
 * const result = await collectModelStream(model.stream(request));
 * ```
 *
 * @category Testing
 */
export function streamingFetch(
  chunks: readonly Uint8Array[],
  options: StreamingFetchOptions = {},
): typeof fetch & { readonly requests: { readonly url: string; readonly body: string }[] } {
  const requests: { url: string; body: string }[] = [];
  const handler = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    init?.signal?.throwIfAborted();
    requests.push({ url: String(input instanceof Request ? input.url : input), body: typeof init?.body === 'string' ? init.body : '' });
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk.slice());
      },
    });
    return new Response(body, { status: options.status ?? 200, headers: { 'content-type': 'text/event-stream', ...options.headers } });
  };
  return Object.assign(handler as typeof fetch, { requests });
}
