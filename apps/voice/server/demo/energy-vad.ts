/** Settings of {@link EnergyVad}. */
export interface EnergyVadOptions {
  /** RMS level (0…1 of full scale) above which a chunk counts as voiced (default 0.02). */
  readonly threshold?: number;
  /** Voiced audio needed to start an utterance, in ms (default 60). */
  readonly startMs?: number;
  /** Quiet audio that ends an utterance, in ms (default 500). */
  readonly endMs?: number;
  /** An utterance is cut after this long, in ms (default 15 000), so steady noise cannot block the demo. */
  readonly maxMs?: number;
}

/** What {@link EnergyVad.push} found in a chunk. */
export type VadEvent = { readonly type: 'speech-start' } | { readonly type: 'speech-end'; readonly durationMs: number };

/**
 * Voice activity by energy alone: loud audio is "speech". Time is measured in audio (the chunks' own
 * durations), not on a clock, so the same audio always gives the same events.
 */
export class EnergyVad {
  private readonly threshold: number;
  private readonly startMs: number;
  private readonly endMs: number;
  private readonly maxMs: number;
  private voicedRun = 0;
  private quietRun = 0;
  private utteranceMs = 0;
  private speaking = false;

  constructor(options: EnergyVadOptions = {}) {
    this.threshold = options.threshold ?? 0.02;
    this.startMs = options.startMs ?? 60;
    this.endMs = options.endMs ?? 500;
    this.maxMs = options.maxMs ?? 15_000;
  }

  /** True while an utterance is going on. */
  get inSpeech(): boolean {
    return this.speaking;
  }

  /** Feeds a chunk of PCM16 mono audio; returns the utterance boundaries it crossed. */
  push(pcm16: Uint8Array, sampleRate: number): VadEvent[] {
    const samples = Math.floor(pcm16.byteLength / 2);
    if (samples === 0) return [];
    const ms = (samples / sampleRate) * 1000;
    const voiced = rms(pcm16) >= this.threshold;
    const events: VadEvent[] = [];
    if (!this.speaking) {
      this.voicedRun = voiced ? this.voicedRun + ms : 0;
      if (this.voicedRun >= this.startMs) {
        this.speaking = true;
        this.utteranceMs = this.voicedRun;
        this.quietRun = 0;
        events.push({ type: 'speech-start' });
      }
      return events;
    }
    this.utteranceMs += ms;
    this.quietRun = voiced ? 0 : this.quietRun + ms;
    if (this.quietRun >= this.endMs || this.utteranceMs >= this.maxMs) {
      this.speaking = false;
      this.voicedRun = 0;
      events.push({ type: 'speech-end', durationMs: Math.round(this.utteranceMs - this.quietRun) });
    }
    return events;
  }
}

/** Root mean square of PCM16 little-endian samples, as a fraction of full scale. */
export function rms(pcm16: Uint8Array): number {
  const view = new DataView(pcm16.buffer, pcm16.byteOffset, pcm16.byteLength);
  const samples = Math.floor(pcm16.byteLength / 2);
  if (samples === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const value = view.getInt16(i * 2, true) / 32768;
    sum += value * value;
  }
  return Math.sqrt(sum / samples);
}
