/**
 * Reads PCM16 bytes (signed 16-bit, little-endian — the wire format of every bidi model) as samples.
 * A trailing odd byte is ignored.
 *
 * @example
 * ```ts
 * pcm16ToInt16(new Uint8Array([0x01, 0x00, 0xff, 0xff])); // Int16Array [1, -1]
 * ```
 *
 * @category PCM16 audio
 */
export function pcm16ToInt16(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Int16Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
  return samples;
}

/**
 * Writes samples as PCM16 bytes (signed 16-bit, little-endian).
 *
 * @example
 * ```ts
 * int16ToPcm16(Int16Array.of(1, -1)); // Uint8Array [1, 0, 255, 255]
 * ```
 *
 * @category PCM16 audio
 */
export function int16ToPcm16(samples: Int16Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i] ?? 0, true);
  return bytes;
}
