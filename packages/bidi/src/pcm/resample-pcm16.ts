import { int16ToPcm16, pcm16ToInt16 } from './pcm16-samples.js';

/**
 * Resamples 16-bit mono samples from `fromRate` to `toRate` Hz by linear interpolation — good for
 * speech between the usual 16, 24 and 48 kHz. Returns the input itself when the rates are equal.
 *
 * @example
 * ```ts
 * resampleInt16(Int16Array.of(0, 100), 16_000, 48_000).length; // 6
 * ```
 */
export function resampleInt16(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (!(fromRate > 0) || !(toRate > 0)) {
    throw new RangeError(`resample: sample rates must be positive numbers (got ${String(fromRate)} → ${String(toRate)}).`);
  }
  if (fromRate === toRate || samples.length === 0) return samples;
  const length = Math.max(1, Math.round((samples.length * toRate) / fromRate));
  const out = new Int16Array(length);
  const step = fromRate / toRate;
  const last = samples.length - 1;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const index = Math.min(Math.floor(position), last);
    const next = Math.min(index + 1, last);
    const fraction = position - index;
    const a = samples[index] ?? 0;
    const b = samples[next] ?? 0;
    out[i] = Math.round(a + (b - a) * fraction);
  }
  return out;
}

/**
 * Resamples PCM16 bytes (little-endian mono) from `fromRate` to `toRate` Hz (see {@link resampleInt16}).
 *
 * @example
 * ```ts
 * const for24k = resamplePcm16(micChunk, 16_000, 24_000);
 * ```
 */
export function resamplePcm16(bytes: Uint8Array, fromRate: number, toRate: number): Uint8Array {
  if (fromRate === toRate) return bytes;
  return int16ToPcm16(resampleInt16(pcm16ToInt16(bytes), fromRate, toRate));
}
