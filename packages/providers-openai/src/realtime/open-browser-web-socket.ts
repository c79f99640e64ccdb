import { APICallError } from '@tandem/core/spec';
import { redactSecrets } from '@tandem/provider-utils';
import type { RealtimeSocket, RealtimeSocketData } from './realtime-socket.js';

/** Options of {@link openBrowserWebSocket}. @internal */
export interface OpenBrowserWebSocketOptions {
  readonly url: string;
  readonly clientSecret: string;
  readonly signal?: AbortSignal;
  readonly label: string;
}

/** The subprotocols OpenAI documents for a browser `WebSocket` authenticated with a client secret. @internal */
export function clientSecretProtocols(clientSecret: string): string[] {
  return ['realtime', `openai-insecure-api-key.${clientSecret}`];
}

/**
 * Opens the runtime's own `WebSocket` (`globalThis.WebSocket`: browsers, Deno, Bun, Node ≥ 22) with a
 * client secret in the subprotocols, and resolves with it wrapped as a {@link RealtimeSocket} once it is
 * open. A browser does not expose why an upgrade failed, so a refused upgrade is a retryable
 * `APICallError` naming the likely causes. The secret never appears in an error.
 * @internal
 */
export function openBrowserWebSocket(options: OpenBrowserWebSocketOptions): Promise<RealtimeSocket> {
  const { signal, clientSecret } = options;
  const WebSocketClass = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  if (WebSocketClass === undefined) {
    return Promise.reject(new TypeError(`${options.label}: this runtime has no global WebSocket; use an API key (the ws package) or a newer runtime.`));
  }
  return new Promise<RealtimeSocket>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const socket = new WebSocketClass(options.url, clientSecretProtocols(clientSecret));
    socket.binaryType = 'arraybuffer';
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      socket.removeEventListener('open', onOpen);
      socket.removeEventListener('close', onEarlyClose);
      socket.removeEventListener('error', onEarlyClose);
      fn();
    };
    const onAbort = (): void => settle(() => {
      socket.close();
      reject(signal?.reason);
    });
    const onOpen = (): void => settle(() => resolve(adaptWebSocket(socket)));
    // A browser fires `error` then `close` for a refused upgrade and tells no status: either ends the attempt.
    const onEarlyClose = (event: Event): void =>
      settle(() =>
        reject(
          new APICallError({
            message: redactSecrets(
              `${options.label} refused the WebSocket before it opened${'code' in event ? ` (close code ${String(event.code)})` : ''}. The client secret may have expired or been minted for another model: mint a new one on your server, and check the baseURL.`,
              [clientSecret],
            ),
            url: options.url,
            isRetryable: true,
          }),
        ),
      );
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.addEventListener('open', onOpen);
    socket.addEventListener('close', onEarlyClose);
    socket.addEventListener('error', onEarlyClose);
  });
}

/**
 * A standard `WebSocket` as the {@link RealtimeSocket} the connection drives (the shape of the `ws` package).
 * @internal
 */
export function adaptWebSocket(socket: WebSocket): RealtimeSocket {
  return {
    get readyState() {
      return socket.readyState;
    },
    CONNECTING: 0,
    OPEN: 1,
    send(data, callback) {
      try {
        socket.send(data);
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    },
    close(code) {
      socket.close(code);
    },
    on(event: 'message' | 'error', listener: ((data: RealtimeSocketData) => void) | ((error: Error) => void)) {
      if (event === 'message') {
        const onMessage = listener as (data: RealtimeSocketData) => void;
        socket.addEventListener('message', (message: MessageEvent) => onMessage(message.data as string | ArrayBuffer));
      } else {
        const onError = listener as (error: Error) => void;
        socket.addEventListener('error', () => onError(new Error('WebSocket error')));
      }
      return undefined;
    },
    once(_event: 'close', listener: (code: number, reason: Uint8Array | string) => void) {
      socket.addEventListener('close', (event: CloseEvent) => listener(event.code, event.reason), { once: true });
      return undefined;
    },
  } as RealtimeSocket;
}
