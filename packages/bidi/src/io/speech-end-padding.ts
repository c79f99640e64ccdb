import type { Clock } from '@tandem/core';
import type { BidiInput } from '@tandem/core/spec';

/** Audio stopped for this long while the user's turn is open: the input paused (a microphone switched off). */
const PAUSE_MS = 1_000;
/** Silence sent to close the turn: longer than any vendor's default end-of-speech silence. */
const SILENCE_MS = 1_000;

/**
 * Ends the user's turn when their audio stops mid-speech. Realtime models detect the end of speech from
 * the audio itself, so an input that ends or pauses while the user is speaking (a microphone switched
 * off) would leave the turn open forever — and with it typed turns and pending results. When audio has
 * been sent and then stops — its input ended, or nothing came for {@link PAUSE_MS} — and no final user
 * transcript closed the turn, this sends {@link SILENCE_MS} of silence, once, so the model ends it.
 * One timer at a time, cancelled with the conversation. @internal
 */
export class SpeechEndPadding {
  private open = false;
  private lastAudioAt = 0;
  private timer: ReturnType<Clock['setTimeout']> | undefined;
  private padding = false;

  constructor(
    private readonly clock: Clock,
    private readonly signal: AbortSignal,
    /** The model's input rate now. */
    private readonly sampleRate: () => number,
    private readonly send: (input: BidiInput) => void,
  ) {
    signal.addEventListener('abort', () => this.clear(), { once: true });
  }

  /** User audio went to the model. */
  audioSent(): void {
    if (this.padding || this.signal.aborted) return;
    this.open = true;
    this.lastAudioAt = this.clock.now();
    if (this.timer === undefined) this.arm(PAUSE_MS);
  }

  /** An input ended: close an open turn now. */
  inputEnded(): void {
    this.pad();
  }

  /** A final user transcript arrived: the model closed the turn itself. */
  turnEnded(): void {
    this.open = false;
    this.clear();
  }

  private arm(ms: number): void {
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      const quietFor = this.clock.now() - this.lastAudioAt;
      if (quietFor >= PAUSE_MS) this.pad();
      else if (this.open) this.arm(PAUSE_MS - quietFor);
    }, ms);
  }

  private pad(): void {
    this.clear();
    if (!this.open || this.signal.aborted) return;
    this.open = false;
    const rate = this.sampleRate();
    const samples = Math.round((rate * SILENCE_MS) / 1000);
    this.padding = true;
    try {
      this.send({ type: 'audio', data: new Uint8Array(samples * 2), sampleRate: rate });
    } finally {
      this.padding = false;
    }
  }

  private clear(): void {
    if (this.timer === undefined) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
