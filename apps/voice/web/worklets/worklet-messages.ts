/** Messages between the page and its AudioWorklets. */

/** Page → playback worklet. */
export type SpeakerCommand =
  | { readonly type: 'audio'; readonly responseId: string; readonly samples: Float32Array }
  | { readonly type: 'clear' };

/** Playback worklet → page: its state, about every 100 ms, and at once after a clear. */
export interface SpeakerReport {
  readonly type: 'state';
  readonly bufferedMs: number;
  readonly playing: boolean;
  readonly played: { readonly responseId: string; readonly ms: number } | undefined;
  readonly underruns: number;
  /** `clear` commands carried out so far, and the ms the last one dropped. */
  readonly clears: number;
  readonly lastClearDroppedMs: number;
}

/** Options of the capture worklet (`processorOptions`). */
export interface CaptureOptions {
  /** Sample rate of the PCM16 frames it posts (the model's input rate). */
  readonly targetRate: number;
  /** Frame length in ms (default 20). */
  readonly frameMs?: number;
}

/** Capture worklet → page. */
export type CaptureReport =
  /** A PCM16 little-endian mono frame at `targetRate`. */
  | { readonly type: 'frame'; readonly pcm: ArrayBuffer }
  /** The microphone level over the last ~50 ms: RMS and peak, 0…1. */
  | { readonly type: 'level'; readonly rms: number; readonly peak: number };
