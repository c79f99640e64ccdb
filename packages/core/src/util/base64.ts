type NodeBuffer = { from(value: ArrayBufferLike | string, offsetOrEncoding?: number | string, length?: number): Uint8Array & { toString(encoding: string): string } };

/** Node's and Bun's `Buffer` when the runtime has one (fast path); `undefined` in browsers, Deno and workerd. */
function nativeBuffer(): NodeBuffer | undefined {
  return (globalThis as { Buffer?: NodeBuffer }).Buffer;
}

/**
 * Encodes bytes as standard base64 with web-standard APIs (`btoa`), or `Buffer` where the runtime has it.
 * Runs in Node, Deno, Bun, workerd and browsers.
 *
 * @example
 * ```ts
 * import { bytesToBase64 } from '@tandem/core/runtime';
 * bytesToBase64(new Uint8Array([104, 105])); // 'aGk='
 * ```
 *
 * @category Runtime
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const buffer = nativeBuffer();
  if (buffer !== undefined) return buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  // In slices, so a large file does not overflow the argument stack.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/**
 * Decodes base64 (standard or URL-safe, padding optional; other characters are skipped, as Node's `Buffer`
 * does) to bytes. Runs in Node, Deno, Bun, workerd and browsers.
 *
 * @example
 * ```ts
 * import { base64ToBytes } from '@tandem/core/runtime';
 * base64ToBytes('aGk='); // Uint8Array [104, 105]
 * ```
 *
 * @category Runtime
 */
export function base64ToBytes(text: string): Uint8Array {
  const buffer = nativeBuffer();
  if (buffer !== undefined) {
    const decoded = buffer.from(text, 'base64');
    return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  }
  let clean = text.replace(/-/g, '+').replace(/_/g, '/').replace(/[^A-Za-z0-9+/]/g, '');
  if (clean.length % 4 === 1) clean = clean.slice(0, -1);
  const binary = atob(clean.padEnd(clean.length + ((4 - (clean.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
