import type { JsonValue } from '../../shared/json.js';

/**
 * One block of mixed tool content: text, or a file such as an image.
 *
 * @category Messages
 */
export type ToolContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'file'; readonly mediaType: string; readonly data: Uint8Array; readonly filename?: string };

/**
 * What a model is sent for a tool result. Whether the result is an error is carried by the
 * part's `status`, so providers can flag it the way their vendor expects (e.g. Anthropic's `is_error`).
 *
 * @category Messages
 */
export type ToolOutput =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'json'; readonly value: JsonValue }
  | { readonly type: 'content'; readonly value: readonly ToolContentBlock[] };
