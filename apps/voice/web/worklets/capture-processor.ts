import { StreamResampler } from './resampler.js';
import type { CaptureOptions, CaptureReport } from './worklet-messages.js';

const LEVEL_EVERY_MS = 50;

/**
 * The microphone: mixes the input to mono, resamples it from the context rate to the model's input rate
 * (band-limited), and posts PCM16 frames and level readings to the page.
 */
class CaptureProcessor extends AudioWorkletProcessor {
  private readonly resampler: StreamResampler;
  private readonly frame: Int16Array;
  private filled = 0;
  private readonly levelEvery = Math.round((LEVEL_EVERY_MS / 1000) * sampleRate);
  private levelSamples = 0;
  private levelSum = 0;
  private levelPeak = 0;
  private mono = new Float32Array(128);

  constructor(options: { processorOptions?: unknown }) {
    super();
    const settings = options.processorOptions as CaptureOptions;
    this.resampler = new StreamResampler(sampleRate, settings.targetRate);
    this.frame = new Int16Array(Math.round((settings.targetRate * (settings.frameMs ?? 20)) / 1000));
  }

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0] ?? [];
    const first = channels[0];
    if (first === undefined) return true; // no input connected (yet)
    if (this.mono.length !== first.length) this.mono = new Float32Array(first.length);
    const mono = this.mono;
    mono.set(first);
    for (let channel = 1; channel < channels.length; channel++) {
      const samples = channels[channel] ?? first;
      for (let i = 0; i < mono.length; i++) mono[i] = (mono[i] ?? 0) + (samples[i] ?? 0);
    }
    if (channels.length > 1) for (let i = 0; i < mono.length; i++) mono[i] = (mono[i] ?? 0) / channels.length;
    this.measure(mono);
    for (const sample of this.resampler.process(mono)) {
      this.frame[this.filled++] = Math.round(Math.max(-1, Math.min(1, sample)) * 32767);
      if (this.filled === this.frame.length) this.postFrame();
    }
    return true;
  }

  private postFrame(): void {
    const pcm = new ArrayBuffer(this.frame.length * 2);
    const view = new DataView(pcm);
    for (let i = 0; i < this.frame.length; i++) view.setInt16(i * 2, this.frame[i] ?? 0, true);
    this.filled = 0;
    const report: CaptureReport = { type: 'frame', pcm };
    this.port.postMessage(report, [pcm]);
  }

  private measure(samples: Float32Array): void {
    for (const sample of samples) {
      this.levelSum += sample * sample;
      this.levelPeak = Math.max(this.levelPeak, Math.abs(sample));
    }
    this.levelSamples += samples.length;
    if (this.levelSamples < this.levelEvery) return;
    const report: CaptureReport = { type: 'level', rms: Math.sqrt(this.levelSum / this.levelSamples), peak: this.levelPeak };
    this.port.postMessage(report);
    this.levelSamples = 0;
    this.levelSum = 0;
    this.levelPeak = 0;
  }
}

registerProcessor('tandem-capture', CaptureProcessor);
