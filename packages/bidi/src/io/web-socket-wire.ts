import { bytesToBase64 } from '@tandem/core/runtime';
import type { BidiEvent } from '../bidi-event.js';

/**
 * The JSON form of a non-audio event for a client: `Error`s become `{ name, message }`, byte arrays base64.
 * @internal
 */
export function toWireMessage(event: BidiEvent): unknown {
  return JSON.parse(
    JSON.stringify(event, (_key, value: unknown) => {
      if (value instanceof Error) return { name: value.name, message: value.message };
      if (value instanceof Uint8Array) return bytesToBase64(value);
      if (typeof value === 'bigint') return value.toString();
      return value;
    }),
  ) as unknown;
}
