import type { IncomingMessage } from 'node:http';

/** What {@link readJsonBody} found. @internal */
export type JsonBody =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'invalid'; readonly reason: string };

/**
 * Reads a request body of at most `maxBytes` and parses it as JSON. A body announced (`Content-Length`)
 * or found to be larger is not read further: the caller answers 413 and closes the connection, so the
 * rest of the upload never reaches the parser and the next request does not inherit it.
 * @internal
 */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) return { kind: 'too-large' };
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = await new Promise<boolean>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        cleanup();
        resolve(true);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(false);
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onError);
  });
  if (tooLarge) return { kind: 'too-large' };
  try {
    return { kind: 'json', value: JSON.parse(Buffer.concat(chunks, size).toString('utf8')) as unknown };
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
}
