import { APICallError } from '@tandem/core/spec';
import { redactSecrets } from '@tandem/provider-utils';
import type WebSocket from 'ws';
import { socketText } from './socket-text.js';

/** Options of {@link openWebSocket}. @internal */
export interface OpenWebSocketOptions {
  readonly url: string;
  readonly headers: { readonly [name: string]: string };
  readonly signal?: AbortSignal;
  readonly secrets: readonly (string | undefined)[];
  readonly label: string;
}

/**
 * Opens a WebSocket and resolves once it is open. A refused upgrade rejects with `APICallError` carrying
 * the HTTP status and body (401 → not retryable, 429/5xx → retryable); a network failure with a retryable
 * `APICallError`; an abort with `signal.reason` (the socket is terminated). Secrets never appear in errors.
 * @internal
 */
export async function openWebSocket(options: OpenWebSocketOptions): Promise<WebSocket> {
  const { signal, secrets } = options;
  // Loaded on first use: importing the provider for text models never loads `ws`.
  const { default: WebSocketClass } = await import('ws');
  const safeUrl = redactSecrets(options.url, secrets);
  return new Promise<WebSocket>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const socket = new WebSocketClass(options.url, { headers: options.headers });
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = (): void => {
      settle(() => {
        socket.terminate();
        reject(signal?.reason);
      });
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('open', () => settle(() => resolve(socket)));
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Uint8Array[] = [];
      response.on('data', (chunk: Uint8Array) => chunks.push(chunk));
      response.on('end', () => {
        const body = redactSecrets(socketText(chunks), secrets);
        const status = response.statusCode ?? 0;
        settle(() => {
          socket.terminate();
          reject(
            new APICallError({
              message: `${options.label} refused the WebSocket connection with HTTP ${status}${body ? `: ${body.slice(0, 500)}` : ''}${status === 401 ? ' Check the API key.' : ''}`,
              url: safeUrl,
              statusCode: status,
              responseBody: body,
            }),
          );
        });
      });
    });
    socket.once('error', (error: Error) => {
      settle(() =>
        reject(
          new APICallError({
            message: redactSecrets(`Cannot reach ${options.label} at ${options.url}: ${error.message}. Check the baseURL and your network connection.`, secrets),
            url: safeUrl,
            isRetryable: true,
          }),
        ),
      );
    });
  });
}
