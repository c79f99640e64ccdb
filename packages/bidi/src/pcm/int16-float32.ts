/**
 * Converts 16-bit samples to floats in [-1, 1) — the format of the Web Audio API.
 *
 * @example
 * ```ts
 * int16ToFloat32(Int16Array.of(-32768, 0, 16384)); // Float32Array [-1, 0, 0.5]
 * ```
 *
 * @category PCM16 audio
 */
export function int16ToFloat32(samples: Int16Array): Float32Array {
  const floats = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) floats[i] = (samples[i] ?? 0) / 32768;
  return floats;
}

/**
 * Converts float samples to 16-bit, clamping to [-1, 1] (NaN becomes 0).
 *
 * @example
 * ```ts
 * float32ToInt16(Float32Array.of(-1, 0, 0.5, 2)); // Int16Array [-32768, 0, 16384, 32767]
 * ```
 *
 * @category PCM16 audio
 */
export function float32ToInt16(samples: Float32Array): Int16Array {
  const ints = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = samples[i] ?? 0;
    const clamped = Number.isNaN(value) ? 0 : Math.max(-1, Math.min(1, value));
    ints[i] = clamped < 0 ? Math.round(clamped * 32768) : Math.min(32767, Math.round(clamped * 32768));
  }
  return ints;
}
