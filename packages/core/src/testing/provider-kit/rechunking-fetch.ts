/**
 * Wraps `fetch` so every response body arrives in pieces of exactly `chunkSize` bytes, regardless of
 * how the server wrote it — splitting multi-byte UTF-8 characters, SSE lines and JSON tokens anywhere.
 * Use it to prove a provider's stream decoding does not depend on chunk boundaries.
 *
 * @example
 * ```ts
 * const model = createOpenAI({ baseURL: server.baseURL('/v1'), fetch: rechunkingFetch(1) })('gpt-5');
 * ```
 *
 * @category Provider contract kit
 */
export function rechunkingFetch(chunkSize: number, baseFetch: typeof fetch = fetch): typeof fetch {
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError('rechunkingFetch: chunkSize must be an integer ≥ 1.');
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (response.body === null) return response;
    const reader = response.body.getReader();
    let pending: Uint8Array<ArrayBuffer> = new Uint8Array(0);
    let done = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        while (pending.length < chunkSize && !done) {
          const next = await reader.read();
          if (next.done) done = true;
          else pending = concat(pending, next.value);
        }
        if (pending.length === 0) {
          controller.close();
          return;
        }
        controller.enqueue(pending.slice(0, chunkSize));
        pending = pending.slice(chunkSize);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
