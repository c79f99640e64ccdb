import { int16ToPcm16, pcm16ToInt16 } from './pcm16-samples.js';
import { resamplingKernel, type ResamplingKernel } from './resampling-kernel.js';

/**
 * A streaming, band-limited sample-rate converter for 16-bit mono audio: a Kaiser-windowed sinc
 * low-pass filter evaluated polyphase at each output instant, so content above the lower rate's Nyquist
 * frequency is filtered out instead of aliasing (a 12 kHz tone taken from 48 to 16 kHz is attenuated by
 * more than 60 dB), while speech frequencies pass flat (cut-off at 90 % of the lower Nyquist frequency).
 *
 * It keeps the filter's history between chunks, so a stream resampled chunk by chunk equals the whole
 * stream resampled at once: chunk boundaries never click. The filter is centred (zero phase), so each
 * call returns the samples whose inputs have all arrived — about 1 ms of audio is held back until more
 * arrives or {@link Pcm16Resampler.flush} ends the stream. Use one instance per stream.
 *
 * @example
 * ```ts
 * const resampler = new Pcm16Resampler(48_000, 16_000);
 * for await (const chunk of microphone) socket.send(resampler.processPcm16(chunk));
 * socket.send(resampler.flushPcm16());
 * ```
 *
 * @category PCM16 audio
 */
export class Pcm16Resampler {
  readonly fromRate: number;
  readonly toRate: number;
  private readonly kernel: ResamplingKernel | undefined;
  /** Input samples kept (as floats); `buffer[0]` is input sample number `bufferStart`. */
  private buffer = new Float64Array(0);
  private bufferLength = 0;
  private bufferStart = 0;
  /** Input samples received so far. */
  private received = 0;
  /** Index of the next output sample. */
  private next = 0;

  /** @throws RangeError unless both rates are positive, finite numbers. */
  constructor(fromRate: number, toRate: number) {
    if (!(fromRate > 0) || !(toRate > 0) || !Number.isFinite(fromRate) || !Number.isFinite(toRate)) {
      throw new RangeError(`resample: sample rates must be positive numbers (got ${String(fromRate)} → ${String(toRate)}).`);
    }
    this.fromRate = fromRate;
    this.toRate = toRate;
    this.kernel = fromRate === toRate ? undefined : resamplingKernel(fromRate, toRate);
  }

  /** Takes the next samples of the stream; returns the output samples that are complete now. */
  process(samples: Int16Array): Int16Array {
    if (this.kernel === undefined) return samples.slice();
    this.append(samples);
    return this.produce(false);
  }

  /** Ends the stream: returns the samples still held back (the input is padded with silence). Then resets. */
  flush(): Int16Array {
    if (this.kernel === undefined) return new Int16Array(0);
    const out = this.produce(true);
    this.reset();
    return out;
  }

  /** {@link process} for PCM16 bytes (little-endian). */
  processPcm16(bytes: Uint8Array): Uint8Array {
    return int16ToPcm16(this.process(pcm16ToInt16(bytes)));
  }

  /** {@link flush} for PCM16 bytes (little-endian). */
  flushPcm16(): Uint8Array {
    return int16ToPcm16(this.flush());
  }

  /** Forgets the stream so far (e.g. after a barge-in flushed playback). */
  reset(): void {
    this.buffer = new Float64Array(0);
    this.bufferLength = 0;
    this.bufferStart = 0;
    this.received = 0;
    this.next = 0;
  }

  private append(samples: Int16Array): void {
    const needed = this.bufferLength + samples.length;
    if (needed > this.buffer.length) {
      const grown = new Float64Array(Math.max(needed, this.buffer.length * 2, 256));
      grown.set(this.buffer.subarray(0, this.bufferLength));
      this.buffer = grown;
    }
    for (let i = 0; i < samples.length; i++) this.buffer[this.bufferLength + i] = samples[i] ?? 0;
    this.bufferLength = needed;
    this.received += samples.length;
  }

  private produce(final: boolean): Int16Array {
    const kernel = this.kernel as ResamplingKernel;
    const { reach } = kernel;
    // Output k sits at input position k·from/to; it is complete once every input within `reach` of it arrived.
    const total = final ? kernel.outputCount(this.received) : kernel.completeOutputs(this.received);
    const count = Math.max(0, total - this.next);
    const out = new Int16Array(count);
    const { buffer, bufferStart, bufferLength } = this;
    for (let i = 0; i < count; i++) {
      const { base, taps } = kernel.at(this.next + i);
      // taps[j] weighs input sample base - reach + j; samples outside what is kept are silence.
      let sum = 0;
      const first = base - reach - bufferStart;
      const from = Math.max(0, -first);
      const to = Math.min(taps.length, bufferLength - first);
      for (let j = from; j < to; j++) sum += (buffer[first + j] ?? 0) * (taps[j] ?? 0);
      out[i] = sum >= 32767 ? 32767 : sum <= -32768 ? -32768 : Math.round(sum);
    }
    this.next += count;
    this.discardBefore(kernel.at(this.next).base - reach);
    return out;
  }

  /** Drops kept input samples before absolute index `index` (no later output needs them). */
  private discardBefore(index: number): void {
    const drop = Math.min(this.bufferLength, index - this.bufferStart);
    if (drop <= 0) return;
    this.buffer.copyWithin(0, drop, this.bufferLength);
    this.bufferLength -= drop;
    this.bufferStart += drop;
  }
}
