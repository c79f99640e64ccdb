import { base64ToBytes, bytesToBase64 } from '@tandem/core/runtime';

/**
 * Encodes bytes as base64 (`Buffer` where the runtime has it, else web-standard `btoa`).
 *
 * @example
 * ```ts
 * toBase64(new Uint8Array([104, 105])); // 'aGk='
 * ```
 *
 * @category Encoding
 */
export function toBase64(bytes: Uint8Array): string {
  return bytesToBase64(bytes);
}

/**
 * Decodes base64 (standard or URL-safe) to bytes.
 *
 * @example
 * ```ts
 * fromBase64('aGk='); // Uint8Array [104, 105]
 * ```
 *
 * @category Encoding
 */
export function fromBase64(base64: string): Uint8Array {
  return base64ToBytes(base64);
}

/**
 * A `data:` URL for bytes of a media type.
 *
 * @example
 * ```ts
 * toDataUrl('image/png', bytes); // 'data:image/png;base64,iVBOR…'
 * ```
 *
 * @category Encoding
 */
export function toDataUrl(mediaType: string, bytes: Uint8Array): string {
  return `data:${mediaType};base64,${toBase64(bytes)}`;
}

/**
 * Splits a base64 `data:` URL into media type and bytes; `undefined` for anything else.
 *
 * @example
 * ```ts
 * parseDataUrl('data:image/png;base64,aGk='); // { mediaType: 'image/png', data: Uint8Array [104, 105] }
 * ```
 *
 * @category Encoding
 */
export function parseDataUrl(url: string): { mediaType: string; data: Uint8Array } | undefined {
  const match = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  if (match === null) return undefined;
  return { mediaType: match[1] ?? 'application/octet-stream', data: fromBase64(match[2] ?? '') };
}
