import type { JsonValue } from '../spec/shared/json.js';
import type { Message } from '../spec/message/v1/message.js';
import { base64ToBytes, bytesToBase64 } from '../util/base64.js';

const TAG = '$tandem';

/**
 * Turns a message into plain JSON for storage or a journal: bytes (`Uint8Array`, e.g. images and audio)
 * become `{ "$tandem": "bytes", "base64": "…" }` and URLs `{ "$tandem": "url", "href": "…" }`; everything
 * else is copied as `JSON.stringify` would. {@link messageFromJson} reverses it exactly.
 *
 * @example
 * ```ts
 * const row = JSON.stringify(messageToJson(message));
 * const again = messageFromJson(JSON.parse(row));   // file parts have their Uint8Array back
 * ```
 *
 * @category Messages
 */
export function messageToJson(message: Message): JsonValue {
  return encode(message);
}

/**
 * Rebuilds a message written by {@link messageToJson}.
 *
 * @throws TypeError when `json` is not a message (an object with a `role` and a `parts` array).
 *
 * @example
 * ```ts
 * const history = rows.map((row) => messageFromJson(row.message));
 * ```
 *
 * @category Messages
 */
export function messageFromJson(json: unknown): Message {
  const value = decode(json);
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { role?: unknown }).role !== 'string' ||
    !Array.isArray((value as { parts?: unknown }).parts)
  ) {
    throw new TypeError('messageFromJson(): expected a stored message (an object with "role" and a "parts" array).');
  }
  return value as Message;
}

function encode(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Uint8Array) return { [TAG]: 'bytes', base64: bytesToBase64(value) };
  if (value instanceof URL) return { [TAG]: 'url', href: value.href };
  if (Array.isArray(value)) return value.map((item) => (item === undefined || typeof item === 'function' ? null : encode(item)));
  if (typeof value === 'object') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return encode((toJSON as () => unknown).call(value));
    const out: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      out[key] = encode(item);
    }
    return out;
  }
  if (typeof value === 'bigint') throw new TypeError('messageToJson(): a BigInt cannot be stored as JSON; convert it to a string or number first.');
  return null;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value !== 'object' || value === null) return value;
  const tagged = value as { [TAG]?: unknown; base64?: unknown; href?: unknown };
  if (tagged[TAG] === 'bytes' && typeof tagged.base64 === 'string') return base64ToBytes(tagged.base64);
  if (tagged[TAG] === 'url' && typeof tagged.href === 'string') return new URL(tagged.href);
  const out: { [key: string]: unknown } = {};
  for (const [key, item] of Object.entries(value)) out[key] = decode(item);
  return out;
}
