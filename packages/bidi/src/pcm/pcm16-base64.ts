/**
 * Encodes PCM16 bytes as base64 (for JSON transports).
 *
 * @example
 * ```ts
 * pcm16ToBase64(new Uint8Array([1, 0])); // 'AQA='
 * ```
 *
 * @category PCM16 audio
 */
export function pcm16ToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * Decodes base64 text into PCM16 bytes.
 *
 * @example
 * ```ts
 * base64ToPcm16('AQA='); // Uint8Array [1, 0]
 * ```
 *
 * @category PCM16 audio
 */
export function base64ToPcm16(text: string): Uint8Array {
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
