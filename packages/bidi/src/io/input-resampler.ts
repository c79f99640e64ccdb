import type { BidiInput } from '@tandem/core/spec';
import { Pcm16Resampler } from '../pcm/pcm16-resampler.js';

/**
 * Brings input audio to the model's rate, with one stateful resampler per input rate so consecutive
 * chunks join without clicks. Other inputs pass unchanged. @internal
 */
export class InputResampler {
  private readonly resamplers = new Map<number, Pcm16Resampler>();
  private target = 0;

  /** `rate()` is the model's input rate now (a handoff to another model may change it). */
  constructor(private readonly rate: () => number) {}

  toModelRate(input: BidiInput): BidiInput {
    const rate = this.rate();
    if (rate !== this.target) {
      this.resamplers.clear();
      this.target = rate;
    }
    if (input.type !== 'audio' || input.sampleRate === rate) return input;
    let resampler = this.resamplers.get(input.sampleRate);
    if (resampler === undefined) {
      resampler = new Pcm16Resampler(input.sampleRate, rate);
      this.resamplers.set(input.sampleRate, resampler);
    }
    return { type: 'audio', data: resampler.processPcm16(input.data), sampleRate: rate };
  }
}
