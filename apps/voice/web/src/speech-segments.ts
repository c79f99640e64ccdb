/** Settings of {@link SpeechSegments}. */
export interface SpeechSegmentOptions {
  /** RMS level (0–1) at or above which a frame counts as speech (default 0.02). */
  readonly threshold?: number;
  /** Speech must last this long to count (default 150 ms): a click is not speech. */
  readonly minSpeechMs?: number;
  /** This much quiet ends a stretch of speech (default 600 ms). */
  readonly hangoverMs?: number;
}

/** What a level reading changed: speech began, or a stretch of speech ended (with its length). */
export type SpeechChange = { readonly type: 'start' } | { readonly type: 'end'; readonly durationMs: number };

/**
 * Finds stretches of speech in the microphone's level readings, on the page's own clock — so the page can show
 * "(spoke 1.2 s)" before a model's transcript of the words arrives. A deliberately simple energy gate with a
 * minimum length and a hangover; the model's own voice detection decides turns, this only informs the view.
 */
export class SpeechSegments {
  private readonly threshold: number;
  private readonly minSpeechMs: number;
  private readonly hangoverMs: number;
  private loudSince: number | undefined;
  private lastLoud = 0;
  private speaking = false;

  constructor(options: SpeechSegmentOptions = {}) {
    this.threshold = options.threshold ?? 0.02;
    this.minSpeechMs = options.minSpeechMs ?? 150;
    this.hangoverMs = options.hangoverMs ?? 600;
  }

  /** One level reading at `now` (milliseconds); what it changed, if anything. */
  push(rms: number, now: number): SpeechChange | undefined {
    if (rms >= this.threshold) {
      this.loudSince ??= now;
      this.lastLoud = now;
      if (!this.speaking && now - this.loudSince >= this.minSpeechMs) {
        this.speaking = true;
        return { type: 'start' };
      }
      return undefined;
    }
    if (this.speaking && now - this.lastLoud >= this.hangoverMs) return this.end();
    if (!this.speaking && this.loudSince !== undefined && now - this.lastLoud >= this.hangoverMs) this.loudSince = undefined;
    return undefined;
  }

  /** The microphone stopped: a stretch of speech in progress ends now. */
  stop(): SpeechChange | undefined {
    return this.speaking ? this.end() : ((this.loudSince = undefined), undefined);
  }

  private end(): SpeechChange {
    const durationMs = this.lastLoud - (this.loudSince ?? this.lastLoud);
    this.speaking = false;
    this.loudSince = undefined;
    return { type: 'end', durationMs };
  }
}
