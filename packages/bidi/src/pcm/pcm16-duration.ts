/**
 * Duration in milliseconds of `byteLength` bytes of PCM16 mono audio at `sampleRate` Hz.
 *
 * @example
 * ```ts
 * pcm16DurationMs(640, 16_000); // 20
 * ```
 *
 * @category PCM16 audio
 */
export function pcm16DurationMs(byteLength: number, sampleRate: number): number {
  if (!(sampleRate > 0)) return 0;
  return (Math.floor(byteLength / 2) * 1000) / sampleRate;
}
