import { describe, expect, it } from 'vitest';
import { Pcm16Resampler } from './pcm16-resampler.js';
import { int16ToPcm16, pcm16ToInt16 } from './pcm16-samples.js';
import { resampleInt16 } from './resample-pcm16.js';

function tone(rate: number, hz: number, seconds: number, amplitude = 16_000): Int16Array {
  const samples = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * amplitude);
  return samples;
}

/** RMS level in dB relative to full scale, over the middle of the signal (edges see the clip's start and end). */
function levelDb(samples: Int16Array): number {
  const skip = Math.floor(samples.length / 10);
  let sum = 0;
  for (let i = skip; i < samples.length - skip; i++) sum += (samples[i] ?? 0) ** 2;
  return 10 * Math.log10(sum / (samples.length - 2 * skip) / 32768 ** 2);
}

/** Feeds `input` in chunks of pseudo-random sizes (0 … 700 samples, seeded) and concatenates the output. */
function chunked(resampler: Pcm16Resampler, input: Int16Array, seed: number): Int16Array {
  let state = seed;
  const parts: Int16Array[] = [];
  for (let at = 0; at < input.length; ) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const size = state % 701;
    parts.push(resampler.process(input.subarray(at, at + size)));
    at += size;
  }
  parts.push(resampler.flush());
  const out = new Int16Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

describe('Pcm16Resampler (band-limited, streaming)', () => {
  it('does not alias: a 12 kHz tone taken from 48 to 16 kHz is attenuated by at least 40 dB', () => {
    const input = tone(48_000, 12_000, 0.5);
    const output = resampleInt16(input, 48_000, 16_000);
    expect(levelDb(input) - levelDb(output)).toBeGreaterThanOrEqual(40);
  });

  it.each([
    [48_000, 16_000],
    [16_000, 24_000],
    [24_000, 16_000],
    [16_000, 48_000],
    [44_100, 24_000],
  ])('passes a 1 kHz tone within 1 dB (%i → %i Hz)', (from, to) => {
    const input = tone(from, 1_000, 0.5);
    const output = resampleInt16(input, from, to);
    expect(Math.abs(levelDb(input) - levelDb(output))).toBeLessThanOrEqual(1);
  });

  it.each([
    [48_000, 16_000],
    [16_000, 24_000],
    [24_000, 48_000],
    [44_100, 16_000],
    [22_050.5, 16_000], // a non-integer rate: taps computed per sample
  ])('a stream resampled chunk by chunk equals the whole clip resampled at once (%i → %i Hz)', (from, to) => {
    const high = tone(from, 3_100, 0.3, 9_000);
    const input = tone(from, 700, 0.3).map((v, i) => v + (high[i] ?? 0));
    const whole = resampleInt16(input, from, to);
    for (const seed of [1, 2, 3]) {
      const streamed = chunked(new Pcm16Resampler(from, to), input, seed);
      expect(streamed.length).toBe(whole.length);
      let worst = 0;
      for (let i = 0; i < whole.length; i++) worst = Math.max(worst, Math.abs((streamed[i] ?? 0) - (whole[i] ?? 0)));
      expect(worst).toBeLessThanOrEqual(1);
    }
  });

  it('holds back only the filter tail until flush, resets, and works on PCM16 bytes', () => {
    const resampler = new Pcm16Resampler(16_000, 24_000);
    const first = resampler.processPcm16(int16ToPcm16(tone(16_000, 440, 0.02)));
    expect(pcm16ToInt16(first).length).toBeGreaterThan(400); // of 480: ~1 ms is kept for the next chunk
    expect(pcm16ToInt16(first).length + pcm16ToInt16(resampler.flushPcm16()).length).toBe(480);
    expect(resampler.flush().length).toBe(0); // flushed streams start over
    expect(new Pcm16Resampler(16_000, 16_000).process(Int16Array.of(1, 2))).toEqual(Int16Array.of(1, 2));
    expect(() => new Pcm16Resampler(16_000, Number.NaN)).toThrow(RangeError);
  });
});
