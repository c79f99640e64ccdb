type NodeBuffer = { from(value: ArrayBufferLike | string, offsetOrEncoding?: number | string, length?: number): Uint8Array & { toString(encoding: string): string } };

/** Node's and Bun's `Buffer` where the runtime has one (the fast path); web-standard `btoa`/`atob` elsewhere. */
function nativeBuffer(): NodeBuffer | undefined {
  return (globalThis as { Buffer?: NodeBuffer }).Buffer;
}

/**
 * Encodes bytes as base64.
 *
 * @example
 * ```ts
 * toBase64(new Uint8Array([104, 105])); // 'aGk='
 * ```
 *
 * @category Encoding
 */
export function toBase64(bytes: Uint8Array): string {
  const buffer = nativeBuffer();
  if (buffer !== undefined) return buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  // In slices, so a large file does not overflow the argument stack.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
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
  const buffer = nativeBuffer();
  if (buffer !== undefined) {
    const decoded = buffer.from(base64, 'base64');
    return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  }
  // As lenient as Buffer: URL-safe letters, missing padding and stray characters are accepted.
  let clean = base64.replace(/-/g, '+').replace(/_/g, '/').replace(/[^A-Za-z0-9+/]/g, '');
  if (clean.length % 4 === 1) clean = clean.slice(0, -1);
  const binary = atob(clean.padEnd(clean.length + ((4 - (clean.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
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
