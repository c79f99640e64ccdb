/**
 * Turns text into speech for the offline demo model: PCM16 little-endian mono at the rate asked for.
 */
export interface SpeechSynthesizer {
  /** What makes the sound: `espeak-ng`, or `tone` (beeps, one per word) when it is not installed. */
  readonly name: 'espeak-ng' | 'tone';
  /** Speaks `text`; rejects when `signal` aborts. */
  synthesize(text: string, sampleRate: number, signal?: AbortSignal): Promise<Uint8Array>;
}
