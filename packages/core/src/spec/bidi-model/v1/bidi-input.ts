import type { ToolDelivery } from '../../language-model/v1/tool-definition.js';

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
  | { readonly type: 'image'; readonly mediaType: string; readonly data: Uint8Array }
  | BidiContextInput;

/**
 * A note for the model that is not a user turn (a spoken-approval question, late-result framing where the vendor has
 * no per-result field). `delivery` says whether the model should answer now (`interrupt`), when idle (`when-idle`,
 * the default) or not at all (`silent`).
 *
 * @example
 * ```ts
 * await connection.send({ type: 'context', text: 'Ask the user to approve delete_note.', delivery: 'when-idle' });
 * ```
 *
 * @category Bidi model spec
 */
export interface BidiContextInput {
  readonly type: 'context';
  readonly text: string;
  readonly delivery?: ToolDelivery;
}
