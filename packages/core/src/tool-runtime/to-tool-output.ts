import type { JsonValue } from '../spec/shared/json.js';
import type { ToolOutput } from '../spec/message/v1/tool-output.js';
import { isToolContent } from '../tool-definition/tool-content.js';

/**
 * Maps a tool's return value to what the model is sent: strings as text, {@link toolContent} as mixed
 * content, `undefined` as empty text, anything else as JSON (via `JSON.stringify`, so `toJSON()` applies).
 * Throws a `TypeError` for values JSON cannot represent (cycles, BigInt).
 *
 * @example
 * ```ts
 * toToolOutput('ok');            // { type: 'text', value: 'ok' }
 * toToolOutput({ temp: 21 });    // { type: 'json', value: { temp: 21 } }
 * ```
 *
 * @category Tools
 */
export function toToolOutput(value: unknown): ToolOutput {
  if (typeof value === 'string') return { type: 'text', value };
  if (value === undefined) return { type: 'text', value: '' };
  if (isToolContent(value)) return { type: 'content', value: value.blocks };
  return { type: 'json', value: toJsonValue(value) };
}

function toJsonValue(value: unknown): JsonValue {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(
      `The tool returned a value that cannot be sent to the model as JSON (${error instanceof Error ? error.message : String(error)}). Return a string, plain data, or toolContent(...).`,
    );
  }
  if (text === undefined) return null;
  return JSON.parse(text) as JsonValue;
}
