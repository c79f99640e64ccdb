import { estimateTokenCount } from 'tokenx';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { Message } from '../spec/message/v1/message.js';
import type { Part } from '../spec/message/v1/part.js';
import type { ToolOutput } from '../spec/message/v1/tool-output.js';

/** Tokens a message costs beyond its content (role markers, separators). */
const MESSAGE_OVERHEAD = 4;
/** An image or other file sent by URL, or an image as bytes: vendors price a typical image near this. */
const FILE_TOKENS = 1_000;

const cache = new WeakMap<Message, number>();

/**
 * A local estimate of the input tokens `messages` cost, without a network or a vendor tokenizer:
 * text goes through `tokenx` (about 95% accurate on average for English prose and code), tool calls and
 * results count their JSON, each image or file sent by URL counts 1,000 tokens, other files their bytes
 * divided by 4, and every message 4 more. `compaction` and approval parts count nothing (they are never
 * sent). Each message's estimate is cached, so estimating a long history again costs a lookup per message.
 *
 * @example
 * ```ts
 * if (estimateMessageTokens(history) > 150_000) console.warn('This conversation is getting long.');
 * ```
 *
 * @category Context
 */
export function estimateMessageTokens(messages: readonly Message[]): number {
  let total = 0;
  for (const message of messages) total += messageTokens(message);
  return total;
}

/** The cached estimate of one message. @internal */
export function messageTokens(message: Message): number {
  const cached = cache.get(message);
  if (cached !== undefined) return cached;
  let tokens = MESSAGE_OVERHEAD;
  for (const part of message.parts) tokens += partTokens(part);
  cache.set(message, tokens);
  return tokens;
}

const toolTokens = new WeakMap<object, number>();

/**
 * A local estimate of what a request costs beyond its messages: its system prompt and tool definitions
 * (the tools' JSON, cached per `tools` array). Context managers' `info.estimateTokens` adds it to the
 * messages' estimate before the model has reported any usage; `@tandem/bidi` uses it for what a realtime
 * connection is opened with.
 *
 * @example
 * ```ts
 * const tokens = estimateRequestOverhead({ system: 'Be brief.', tools: [] }) + estimateMessageTokens(messages);
 * ```
 *
 * @category Context
 */
export function estimateRequestOverhead(request: Pick<ModelRequest, 'system' | 'tools'>): number {
  let tools = toolTokens.get(request.tools);
  if (tools === undefined) {
    tools = textTokens(JSON.stringify(request.tools));
    toolTokens.set(request.tools, tools);
  }
  return tools + textTokens(request.system ?? '');
}

/** A local estimate of a text's tokens (`tokenx`). @internal */
export function textTokens(text: string): number {
  return text === '' ? 0 : estimateTokenCount(text);
}

function partTokens(part: Part): number {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return textTokens(part.text);
    case 'file':
      return fileTokens(part.mediaType, part.data);
    case 'tool-call':
    case 'builtin-tool-call':
      return textTokens(part.toolName) + textTokens(part.toolArgs);
    case 'tool-result':
      return textTokens(part.toolName) + outputTokens(part.modelInput);
    case 'builtin-tool-result':
      return textTokens(part.toolName) + textTokens(jsonText(part.result));
    case 'compaction':
    case 'tool-approval-request':
    case 'tool-approval-response':
      return 0;
  }
}

function outputTokens(output: ToolOutput): number {
  switch (output.type) {
    case 'text':
      return textTokens(output.value);
    case 'json':
      return textTokens(jsonText(output.value));
    case 'content': {
      let tokens = 0;
      for (const block of output.value) tokens += block.type === 'text' ? textTokens(block.text) : fileTokens(block.mediaType, block.data);
      return tokens;
    }
  }
}

function fileTokens(mediaType: string, data: Uint8Array | URL): number {
  if (data instanceof URL || mediaType.startsWith('image/')) return FILE_TOKENS;
  return Math.ceil(data.byteLength / 4);
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
