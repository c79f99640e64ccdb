/** A message as `ws` delivers it: text frames arrive as a `Buffer` too. */
export type RealtimeSocketData = Buffer | ArrayBuffer | Buffer[];

/**
 * The part of a WebSocket an {@link OpenAIRealtimeConnection} uses. A `WebSocket` from the `ws` package fits
 * as is; the type is spelled out here so the package's types do not depend on `@types/ws`.
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 *
 * const socket: RealtimeSocket = new WebSocket(url, { headers: { Authorization: `Bearer ${apiKey}` } });
 * ```
 */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly CONNECTING: number;
  readonly OPEN: number;
  send(data: string, callback: (error?: Error) => void): void;
  close(code?: number): void;
  on(event: 'message', listener: (data: RealtimeSocketData) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'close', listener: (code: number, reason: Buffer) => void): unknown;
}
