import type { BidiInput } from '@tandem/core/spec';
import { Pcm16Resampler } from '../pcm/pcm16-resampler.js';

/**
 * Brings input audio to the model's rate, with one stateful resampler per input rate so consecutive
 * chunks join without clicks. Other inputs pass unchanged. @internal
 */
export class InputResampler {
  private readonly resamplers = new Map<number, Pcm16Resampler>();

  constructor(private readonly rate: number) {}

  toModelRate(input: BidiInput): BidiInput {
    if (input.type !== 'audio' || input.sampleRate === this.rate) return input;
    let resampler = this.resamplers.get(input.sampleRate);
    if (resampler === undefined) {
      resampler = new Pcm16Resampler(input.sampleRate, this.rate);
      this.resamplers.set(input.sampleRate, resampler);
    }
    return { type: 'audio', data: resampler.processPcm16(input.data), sampleRate: this.rate };
  }
}
