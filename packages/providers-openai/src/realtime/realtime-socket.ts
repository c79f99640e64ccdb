/**
 * A message as a socket delivers it: `ws` gives text frames as a `Buffer` (a `Uint8Array`) too; the
 * browser's `WebSocket` gives a string.
 *
 * @example
 * ```ts
 * const data: RealtimeSocketData = '{"type":"session.updated"}';
 * ```
 *
 * @category Realtime
 */
export type RealtimeSocketData = string | Uint8Array | ArrayBuffer | readonly Uint8Array[];

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
 *
 * @category Realtime
 */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly CONNECTING: number;
  readonly OPEN: number;
  send(data: string, callback: (error?: Error) => void): void;
  close(code?: number): void;
  on(event: 'message', listener: (data: RealtimeSocketData) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'close', listener: (code: number, reason: Uint8Array | string) => void): unknown;
}
