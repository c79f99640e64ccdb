/**
 * The part of a WebSocket that {@link webSocketIO} uses — satisfied by the WHATWG `WebSocket` (browsers,
 * Node 22+, Deno, Bun) and by the `ws` package's `WebSocket`.
 *
 * @example
 * ```ts
 * import { WebSocketServer } from 'ws';
 * new WebSocketServer({ port: 8080 }).on('connection', (socket: WebSocketLike) => { … });
 * ```
 *
 * @category Inputs and outputs
 */
export interface WebSocketLike {
  /** `1` while open. */
  readonly readyState: number;
  /** Bytes queued but not yet sent. */
  readonly bufferedAmount?: number;
  binaryType?: string;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  /** `message` events carry `data`: a string for text frames, bytes (`ArrayBuffer`, a view, or a `Blob`) for binary ones. */
  addEventListener(type: 'message' | 'close', listener: (event: object) => void): void;
  removeEventListener(type: 'message' | 'close', listener: (event: object) => void): void;
}
