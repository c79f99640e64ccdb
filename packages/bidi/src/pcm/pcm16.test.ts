import { describe, expect, it } from 'vitest';
import { float32ToInt16, int16ToFloat32 } from './int16-float32.js';
import { base64ToPcm16, pcm16ToBase64 } from './pcm16-base64.js';
import { pcm16DurationMs } from './pcm16-duration.js';
import { int16ToPcm16, pcm16ToInt16 } from './pcm16-samples.js';
import { resampleInt16, resamplePcm16 } from './resample-pcm16.js';

function sine(rate: number, hz: number, ms: number): Int16Array {
  const samples = new Int16Array((rate * ms) / 1000);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 16_000);
  return samples;
}

describe('PCM16 helpers', () => {
  it('reads and writes little-endian 16-bit samples, also from an offset view', () => {
    const bytes = new Uint8Array([9, 0x01, 0x00, 0xff, 0xff, 0x00, 0x80, 0xff, 0x7f]);
    const samples = pcm16ToInt16(bytes.subarray(1));
    expect([...samples]).toEqual([1, -1, -32768, 32767]);
    expect([...int16ToPcm16(samples)]).toEqual([...bytes.subarray(1)]);
    expect(pcm16ToInt16(new Uint8Array([1, 0, 7])).length).toBe(1); // a trailing odd byte is ignored
  });

  it('converts int16 ⇄ float32 with clamping', () => {
    expect([...int16ToFloat32(Int16Array.of(-32768, 0, 16384))]).toEqual([-1, 0, 0.5]);
    expect([...float32ToInt16(Float32Array.of(-1, 0, 0.5, 1, 2, -3, Number.NaN))]).toEqual([-32768, 0, 16384, 32767, 32767, -32768, 0]);
    const round = float32ToInt16(int16ToFloat32(Int16Array.of(-20000, -1, 1, 12345)));
    expect([...round]).toEqual([-20000, -1, 1, 12345]);
  });

  it.each([
    [16_000, 24_000],
    [24_000, 16_000],
    [16_000, 48_000],
    [48_000, 16_000],
    [24_000, 48_000],
    [48_000, 24_000],
    [44_100, 16_000],
  ])('resamples %i Hz → %i Hz keeping duration and waveform', (from, to) => {
    const input = sine(from, 440, 100);
    const output = resampleInt16(input, from, to);
    expect(output.length).toBe(Math.ceil((to * input.length) / from));
    const expected = sine(to, 440, 100);
    // Away from the clip's edges (where the filter sees silence beyond them) the tone is reproduced closely.
    let worst = 0;
    for (let i = Math.round(to / 200); i < output.length - to / 200; i++) worst = Math.max(worst, Math.abs((output[i] ?? 0) - (expected[i] ?? 0)));
    expect(worst).toBeLessThan(16_000 * 0.01);
    expect(pcm16DurationMs(resamplePcm16(int16ToPcm16(sine(from, 440, 100)), from, to).byteLength, to)).toBeCloseTo(100, 0);
  });

  it('returns the input unchanged for equal rates and rejects bad rates', () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    expect(resamplePcm16(bytes, 16_000, 16_000)).toBe(bytes);
    expect(() => resampleInt16(Int16Array.of(1), 0, 16_000)).toThrow(RangeError);
  });

  it('round-trips base64 and computes durations', () => {
    const bytes = new Uint8Array([1, 0, 255, 255, 0, 128]);
    expect(pcm16ToBase64(bytes)).toBe('AQD//wCA');
    expect([...base64ToPcm16('AQD//wCA')]).toEqual([...bytes]);
    expect(pcm16ToBase64(bytes.subarray(2, 4))).toBe('//8=');
    expect(pcm16DurationMs(640, 16_000)).toBe(20);
    expect(pcm16DurationMs(960, 24_000)).toBe(20);
    expect(pcm16DurationMs(100, 0)).toBe(0);
  });
});
