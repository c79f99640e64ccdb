import type { Message, ToolOutput } from '@tandem/core/spec';

/** One replayed history block. @internal */
export interface NovaHistoryBlock {
  readonly role: 'USER' | 'ASSISTANT';
  readonly text: string;
}

/** Limits of a history replay. @internal */
export interface NovaHistoryLimits {
  readonly maxBytes: number;
  readonly maxMessages: number;
}

/**
 * The conversation as Nova Sonic text blocks, which only know USER and ASSISTANT text: user text stays
 * USER; assistant text, tool calls (`(called set_timer with {"seconds":5})`) and tool results
 * (`(set_timer returned: …)`) become ASSISTANT text; consecutive blocks of one role are merged. The
 * newest blocks are kept within `maxBytes` (UTF-8) and `maxMessages` (an oversized newest block keeps its
 * end), and leading ASSISTANT blocks are dropped, since Bedrock requires the history to start with the
 * user.
 * @internal
 */
export function novaHistoryBlocks(messages: readonly Message[], limits: NovaHistoryLimits): NovaHistoryBlock[] {
  const blocks: { role: 'USER' | 'ASSISTANT'; text: string }[] = [];
  const add = (role: 'USER' | 'ASSISTANT', text: string): void => {
    if (text.trim() === '') return;
    const last = blocks.at(-1);
    if (last?.role === role) last.text += `\n${text}`;
    else blocks.push({ role, text });
  };
  for (const message of messages) {
    if (message.role === 'system') continue;
    const lines: string[] = [];
    for (const part of message.parts) {
      if (part.type === 'text') lines.push(part.text);
      else if (part.type === 'tool-call') lines.push(`(called ${part.toolName} with ${part.toolArgs === '' ? '{}' : part.toolArgs})`);
      else if (part.type === 'tool-result') lines.push(`(${part.toolName} returned: ${toolOutputText(part.modelInput)})`);
    }
    add(message.role === 'user' ? 'USER' : 'ASSISTANT', lines.join('\n'));
  }

  const kept: NovaHistoryBlock[] = [];
  let budget = limits.maxBytes;
  for (let i = blocks.length - 1; i >= 0 && kept.length < limits.maxMessages && budget > 0; i--) {
    const block = blocks[i]!;
    const size = Buffer.byteLength(block.text, 'utf8');
    if (size <= budget) {
      kept.unshift(block);
      budget -= size;
    } else {
      if (kept.length === 0) kept.unshift({ role: block.role, text: tailUtf8(block.text, budget) });
      break;
    }
  }
  while (kept[0] !== undefined && kept[0].role !== 'USER') kept.shift();
  return kept;
}

/**
 * The text a tool output is sent as: text as is, JSON serialized, content blocks' text (files named, not
 * sent — Nova Sonic takes text only).
 * @internal
 */
export function toolOutputText(output: ToolOutput): string {
  if (output.type === 'text') return output.value;
  if (output.type === 'json') return JSON.stringify(output.value);
  return output.value.map((block) => (block.type === 'text' ? block.text : `[${block.mediaType} file]`)).join('\n');
}

/** The last at most `maxBytes` UTF-8 bytes of `text`, on a character boundary. */
function tailUtf8(text: string, maxBytes: number): string {
  const chars = [...text];
  let size = 0;
  let start = chars.length;
  while (start > 0) {
    const bytes = Buffer.byteLength(chars[start - 1]!, 'utf8');
    if (size + bytes > maxBytes) break;
    size += bytes;
    start--;
  }
  return chars.slice(start).join('');
}
