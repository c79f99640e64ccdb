import type { Message } from '../spec/message/v1/message.js';
import type { Part, ToolResultPart } from '../spec/message/v1/part.js';
import type { ToolContentBlock, ToolOutput } from '../spec/message/v1/tool-output.js';
import type { ContextManager } from './context-manager.js';

/**
 * Options of {@link trimToolResults}.
 *
 * @category Context
 */
export interface TrimToolResultsOptions {
  /** The most characters of one tool result the model is sent (JSON results count their JSON text). */
  readonly maxChars: number;
}

/**
 * A context manager that cuts long tool results in what the model is sent: a result over `maxChars` keeps
 * its first `maxChars` characters followed by a marker saying how much was cut
 * (`[… 48,210 more characters cut]`). History keeps every result whole (`result` and `modelInput`), and
 * a message is cut the same way on every call (so prompt caches stay valid).
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools: [fetchPage], context: trimToolResults({ maxChars: 8_000 }) });
 * ```
 *
 * @category Context
 */
export function trimToolResults(options: TrimToolResultsOptions): ContextManager {
  const { maxChars } = options;
  if (!(Number.isInteger(maxChars) && maxChars >= 1)) {
    throw new TypeError(`trimToolResults(): maxChars must be a positive integer, got ${String(maxChars)}.`);
  }
  // The same trimmed message for the same history message: stable requests, cached token estimates.
  const trimmed = new WeakMap<Message, Message>();
  const trim = (message: Message): Message => {
    if (message.role !== 'tool') return message;
    let out = trimmed.get(message);
    if (out === undefined) {
      out = trimMessage(message, maxChars);
      trimmed.set(message, out);
    }
    return out;
  };
  return { prepare: (messages) => messages.map(trim) };
}

function trimMessage(message: Message, maxChars: number): Message {
  let changed = false;
  const parts = message.parts.map((part): Part => {
    if (part.type !== 'tool-result') return part;
    const modelInput = trimOutput(part.modelInput, maxChars);
    if (modelInput === part.modelInput) return part;
    changed = true;
    const out: ToolResultPart = { ...part, modelInput };
    return out;
  });
  return changed ? { ...message, parts } : message;
}

function trimOutput(output: ToolOutput, maxChars: number): ToolOutput {
  switch (output.type) {
    case 'text':
      return output.value.length > maxChars ? { type: 'text', value: cut(output.value, maxChars) } : output;
    case 'json': {
      const text = JSON.stringify(output.value) ?? '';
      return text.length > maxChars ? { type: 'text', value: cut(text, maxChars) } : output;
    }
    case 'content': {
      let left = maxChars;
      let changed = false;
      const blocks = output.value.map((block): ToolContentBlock => {
        if (block.type !== 'text') return block;
        if (block.text.length <= left) {
          left -= block.text.length;
          return block;
        }
        changed = true;
        const text = cut(block.text, left);
        left = 0;
        return { type: 'text', text };
      });
      return changed ? { type: 'content', value: blocks } : output;
    }
  }
}

function cut(text: string, maxChars: number): string {
  // Never split a surrogate pair.
  let end = maxChars;
  const code = text.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}\n[… ${(text.length - end).toLocaleString('en-US')} more characters cut]`;
}
