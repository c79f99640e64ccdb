import { base64ToBytes, bytesToBase64 } from '@tandem/core/runtime';

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
  return bytesToBase64(bytes);
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
  return base64ToBytes(text);
}
