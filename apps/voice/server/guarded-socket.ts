import type { WebSocketLike } from '@tandem/bidi';
import type { RawData, WebSocket } from 'ws';
import { MessageRateLimit } from './message-rate-limit.js';

/** What a client sent, counted before anything else sees it. */
export interface SocketCounters {
  audioFrames: number;
  audioBytes: number;
  textFrames: number;
}

/** Close code for a client over the message rate (policy violation). */
const POLICY_VIOLATION = 1008;

/**
 * The server side of a page's WebSocket as `webSocketIO` sees it: messages pass through a rate limit (a
 * client over it gets `{ type: 'error', code: 'rate-limited' }` and is disconnected with 1008) and are
 * counted; binary frames arrive as bytes, text frames as strings.
 */
export function guardSocket(socket: WebSocket, perSecond: number, counters: SocketCounters): WebSocketLike {
  const limit = new MessageRateLimit(perSecond);
  const messageListeners = new Set<(event: object) => void>();
  const closeListeners = new Set<(event: object) => void>();
  let refused = false;

  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (refused) return;
    if (!limit.take()) {
      refused = true;
      socket.send(JSON.stringify({ type: 'error', code: 'rate-limited', message: `More than ${String(perSecond)} messages a second; slow down. Disconnecting.` }));
      socket.close(POLICY_VIOLATION, 'rate-limited');
      return;
    }
    const bytes = toBytes(data);
    let payload: Uint8Array | string;
    if (isBinary) {
      counters.audioFrames += 1;
      counters.audioBytes += bytes.byteLength;
      payload = bytes;
    } else {
      counters.textFrames += 1;
      payload = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    }
    for (const listener of messageListeners) listener({ data: payload });
  });
  socket.on('close', (code: number, reason: Buffer) => {
    for (const listener of closeListeners) listener({ code, reason: reason.toString('utf8') });
  });

  return {
    get readyState() {
      return socket.readyState;
    },
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
    send: (data) => socket.send(data),
    close: (code, reason) => socket.close(code, reason),
    addEventListener: (type, listener) => void (type === 'message' ? messageListeners : closeListeners).add(listener),
    removeEventListener: (type, listener) => void (type === 'message' ? messageListeners : closeListeners).delete(listener),
  };
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
