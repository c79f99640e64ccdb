import type { RealtimeSocketData } from './realtime-socket.js';

const decoder = new TextDecoder();

/** The text of a frame or close reason, however the socket delivered it (`ws` Buffers, browser strings). @internal */
export function socketText(data: RealtimeSocketData): string {
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array || data instanceof ArrayBuffer) return decoder.decode(data);
  return data.map((part) => decoder.decode(part, { stream: true })).join('') + decoder.decode();
}
