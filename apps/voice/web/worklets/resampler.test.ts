import { describe, expect, it } from 'vitest';
import { StreamResampler } from './resampler.js';

function sine(frequency: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  return Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate));
}

function rms(samples: Float32Array, from = 0): number {
  let sum = 0;
  for (let i = from; i < samples.length; i++) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / (samples.length - from));
}

/** Amplitude of `frequency` in `samples` (a single-bin DFT). */
function toneLevel(samples: Float32Array, frequency: number, rate: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i++) {
    re += (samples[i] ?? 0) * Math.cos((2 * Math.PI * frequency * i) / rate);
    im += (samples[i] ?? 0) * Math.sin((2 * Math.PI * frequency * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / samples.length;
}

function resampleInChunks(resampler: StreamResampler, input: Float32Array, chunk: number): Float32Array {
  const parts: Float32Array[] = [];
  for (let offset = 0; offset < input.length; offset += chunk) parts.push(resampler.process(input.subarray(offset, offset + chunk)));
  parts.push(resampler.flush());
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('StreamResampler', () => {
  it('keeps a tone in the passband at its level and keeps the duration (48 kHz → 16 kHz)', () => {
    const out = resampleInChunks(new StreamResampler(48_000, 16_000), sine(1_000, 48_000, 1), 128);
    expect(out.length).toBeGreaterThanOrEqual(16_000);
    expect(out.length).toBeLessThan(16_100);
    expect(toneLevel(out.subarray(200, 15_800), 1_000, 16_000)).toBeCloseTo(0.5, 1);
  });

  it('filters out what the lower rate cannot carry instead of aliasing it (a 12 kHz tone into 16 kHz)', () => {
    const out = resampleInChunks(new StreamResampler(48_000, 16_000), sine(12_000, 48_000, 0.5), 128);
    // Without filtering, 12 kHz folds to 4 kHz at full level.
    expect(toneLevel(out.subarray(200), 4_000, 16_000)).toBeLessThan(0.01);
    expect(rms(out, 200)).toBeLessThan(0.01);
  });

  it('upsamples 24 kHz speech-band audio for a 44.1 kHz context without changing its level', () => {
    const out = resampleInChunks(new StreamResampler(24_000, 44_100), sine(3_000, 24_000, 0.5), 480);
    expect(out.length).toBeCloseTo(22_050, -2);
    expect(toneLevel(out.subarray(200, 21_800), 3_000, 44_100)).toBeCloseTo(0.5, 1);
  });

  it('gives the same output whatever the chunk sizes', () => {
    const input = sine(440, 44_100, 0.2);
    const whole = resampleInChunks(new StreamResampler(44_100, 16_000), input, input.length);
    const pieces = resampleInChunks(new StreamResampler(44_100, 16_000), input, 128);
    expect(pieces.length).toBe(whole.length);
    for (let i = 0; i < whole.length; i++) expect(pieces[i]).toBeCloseTo(whole[i] ?? 0, 5);
  });

  it('passes audio through at equal rates and refuses nonsense rates', () => {
    const input = Float32Array.of(0.1, 0.2);
    expect(new StreamResampler(16_000, 16_000).process(input)).toEqual(input);
    expect(() => new StreamResampler(0, 16_000)).toThrow(RangeError);
  });
});
