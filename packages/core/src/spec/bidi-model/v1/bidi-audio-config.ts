/**
 * The PCM16 audio format a bidi model speaks: signed 16-bit little-endian samples, mono.
 *
 * @example
 * ```ts
 * const audio: BidiAudioConfig = { inputRate: 16_000, outputRate: 24_000, channels: 1 };
 * ```
 *
 * @category Bidi model spec
 */
export interface BidiAudioConfig {
  /** Sample rate (Hz) the model expects for input audio. Agents resample other rates to this one. */
  readonly inputRate: number;
  /** Sample rate (Hz) of the audio the model produces. */
  readonly outputRate: number;
  /** Always mono. */
  readonly channels: 1;
}
