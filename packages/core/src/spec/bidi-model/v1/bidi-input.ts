/**
 * What an agent sends into a live connection: text, PCM16 audio or an image.
 *
 * - `text` — a complete user turn typed or otherwise produced as text.
 * - `audio` — a chunk of microphone audio, PCM16 little-endian mono at `sampleRate` (agents send the
 *   model's `audio.inputRate`).
 * - `image` — a still image (a camera frame, a screenshot) with its IANA media type.
 *
 * @example
 * ```ts
 * await connection.send({ type: 'text', text: 'Set a timer for five seconds.' });
 * await connection.send({ type: 'audio', data: pcm16Chunk, sampleRate: 16_000 });
 * ```
 *
 * @category Bidi model spec
 */
export type BidiInput =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'audio'; readonly data: Uint8Array; readonly sampleRate: number }
  | { readonly type: 'image'; readonly mediaType: string; readonly data: Uint8Array };
