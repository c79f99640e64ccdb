import { describe, expect, it } from 'vitest';
import { pcm16Frames, pcm16Tone } from '../__fixtures__/pcm.js';
import { EnergyVad, rms, type VadEvent } from './energy-vad.js';

const RATE = 16_000;

function feed(vad: EnergyVad, pcm: Uint8Array): VadEvent[] {
  return pcm16Frames(pcm, RATE, 20).flatMap((frame) => vad.push(frame, RATE));
}

describe('EnergyVad', () => {
  it('measures RMS as a fraction of full scale', () => {
    expect(rms(pcm16Tone(100, RATE, 0))).toBe(0);
    expect(rms(pcm16Tone(100, RATE, 0.5))).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('starts an utterance after startMs of loud audio and ends it after endMs of quiet', () => {
    const vad = new EnergyVad({ startMs: 60, endMs: 500 });
    expect(feed(vad, pcm16Tone(40, RATE))).toEqual([]);
    expect(feed(vad, pcm16Tone(20, RATE))).toEqual([{ type: 'speech-start' }]);
    expect(vad.inSpeech).toBe(true);
    expect(feed(vad, pcm16Tone(940, RATE))).toEqual([]);
    expect(feed(vad, pcm16Tone(480, RATE, 0))).toEqual([]);
    expect(feed(vad, pcm16Tone(20, RATE, 0))).toEqual([{ type: 'speech-end', durationMs: 1000 }]);
    expect(vad.inSpeech).toBe(false);
  });

  it('ignores short clicks and quiet noise', () => {
    const vad = new EnergyVad();
    const events = [...feed(vad, pcm16Tone(40, RATE)), ...feed(vad, pcm16Tone(200, RATE, 0)), ...feed(vad, pcm16Tone(1000, RATE, 0.01))];
    expect(events).toEqual([]);
  });

  it('cuts an utterance at maxMs so steady noise cannot hold the floor', () => {
    const vad = new EnergyVad({ maxMs: 2_000 });
    const events = feed(vad, pcm16Tone(2_500, RATE));
    expect(events.slice(0, 2)).toEqual([{ type: 'speech-start' }, { type: 'speech-end', durationMs: 2_000 }]);
  });
});
