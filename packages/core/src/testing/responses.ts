import type { FinishReason, Usage } from '../spec/language-model/v1/usage.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';

const DEFAULT_USAGE: Usage = { inputTokens: 10, outputTokens: 5 };

/**
 * Options of the response builders.
 *
 * @category Scripted models
 */
export interface ScriptedResponseOptions {
  readonly usage?: Usage;
  readonly finishReason?: FinishReason;
  /** Split the text into deltas of this many characters (default: one delta). */
  readonly chunkSize?: number;
}

/**
 * A scripted tool call: `input` is JSON-encoded unless `toolArgs` gives the raw text.
 *
 * @category Scripted models
 */
export interface ScriptedToolCall {
  readonly name: string;
  readonly input?: unknown;
  /** Raw argument text, e.g. invalid JSON to test error handling. Wins over `input`. */
  readonly toolArgs?: string;
  readonly id?: string;
  /** Split the arguments into deltas of this many characters. */
  readonly chunkSize?: number;
}

/**
 * A text-only response: `text-start`, deltas, `text-end`, `finish` (`stop` by default).
 *
 * @example
 * ```ts
 * new ScriptedModel({ responses: [textResponse('Hello!', { chunkSize: 2 })] });
 * ```
 *
 * @category Scripted models
 */
export function textResponse(text: string, options: ScriptedResponseOptions = {}): ModelStreamPart[] {
  return [...textParts(text, 'text-0', options.chunkSize), finishPart(options.finishReason ?? 'stop', options.usage)];
}

let nextCallId = 0;

/**
 * A response requesting tool calls (one group), optionally preceded by text; finishes with `tool-calls`.
 *
 * @example
 * ```ts
 * toolCallResponse([{ name: 'weather', input: { city: 'Oslo' } }, { name: 'time', input: {} }]);
 * ```
 *
 * @category Scripted models
 */
export function toolCallResponse(
  calls: readonly ScriptedToolCall[],
  options: ScriptedResponseOptions & { readonly text?: string } = {},
): ModelStreamPart[] {
  const parts: ModelStreamPart[] = options.text === undefined ? [] : textParts(options.text, 'text-0', options.chunkSize);
  for (const call of calls) {
    const toolCallId = call.id ?? `call_${++nextCallId}`;
    const toolArgs = call.toolArgs ?? JSON.stringify(call.input ?? {});
    parts.push({ type: 'tool-start', toolCallId, toolName: call.name });
    for (const chunk of split(toolArgs, call.chunkSize)) parts.push({ type: 'tool-delta', toolCallId, chunk });
    parts.push({ type: 'tool-end', toolCallId, toolName: call.name, toolArgs });
  }
  parts.push(finishPart(options.finishReason ?? 'tool-calls', options.usage));
  return parts;
}

/**
 * A `finish` part.
 *
 * @category Scripted models
 */
export function finishPart(finishReason: FinishReason = 'stop', usage: Usage = DEFAULT_USAGE): ModelStreamPart {
  return { type: 'finish', finishReason, usage };
}

function textParts(text: string, blockId: string, chunkSize: number | undefined): ModelStreamPart[] {
  const parts: ModelStreamPart[] = [{ type: 'text-start', blockId }];
  for (const chunk of split(text, chunkSize)) parts.push({ type: 'text-delta', blockId, chunk });
  parts.push({ type: 'text-end', blockId });
  return parts;
}

function split(text: string, size: number | undefined): string[] {
  if (size === undefined || size <= 0 || text.length <= size) return text.length === 0 ? [] : [text];
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}
