import { Pcm16Resampler } from './pcm16-resampler.js';
import { int16ToPcm16, pcm16ToInt16 } from './pcm16-samples.js';

/**
 * Resamples a whole clip of 16-bit mono samples from `fromRate` to `toRate` Hz with a band-limited
 * (windowed-sinc) filter: nothing above the lower rate's Nyquist frequency aliases into the output, and
 * the duration is kept (`ceil(length · toRate / fromRate)` samples). Returns the input itself when the
 * rates are equal. For a stream of chunks use one {@link Pcm16Resampler}, so chunk boundaries do not click.
 *
 * @throws RangeError unless both rates are positive numbers.
 *
 * @example
 * ```ts
 * resampleInt16(Int16Array.of(0, 100), 16_000, 48_000).length; // 6
 * ```
 *
 * @category PCM16 audio
 */
export function resampleInt16(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  const resampler = new Pcm16Resampler(fromRate, toRate);
  if (fromRate === toRate || samples.length === 0) return samples;
  const head = resampler.process(samples);
  const tail = resampler.flush();
  const out = new Int16Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/**
 * Resamples a whole clip of PCM16 bytes (little-endian mono) from `fromRate` to `toRate` Hz (see
 * {@link resampleInt16}); returns the input itself when the rates are equal.
 *
 * @example
 * ```ts
 * const for24k = resamplePcm16(recording, 16_000, 24_000);
 * ```
 *
 * @category PCM16 audio
 */
export function resamplePcm16(bytes: Uint8Array, fromRate: number, toRate: number): Uint8Array {
  if (fromRate === toRate) return bytes;
  return int16ToPcm16(resampleInt16(pcm16ToInt16(bytes), fromRate, toRate));
}
