import type { Message } from '@tandem/core';
import type { Paint } from '../output/color.js';
import { preview } from '../output/preview.js';

/**
 * A stored conversation for people: each message's role, its text, reasoning (dimmed), tool calls with
 * their arguments and tool results (a one-line preview each), files by media type and size.
 *
 * @example
 * ```ts
 * process.stdout.write(formatConversation(await store.load(id), painter(false)));
 * // user: weather in Oslo?
 * // assistant: → weather {"city":"Oslo"}
 * // tool: ← weather (success): 12 °C
 * ```
 */
export function formatConversation(messages: readonly Message[], paint: Paint): string {
  const lines: string[] = [];
  for (const message of messages) {
    const label = paint(message.role === 'user' ? ['bold', 'cyan'] : message.role === 'assistant' ? ['bold', 'magenta'] : ['bold', 'gray'], `${message.role}:`);
    const body: string[] = [];
    for (const part of message.parts) {
      switch (part.type) {
        case 'text':
          body.push(part.text);
          break;
        case 'reasoning':
          body.push(paint('dim', `(thinking) ${preview(part.text, 300)}`));
          break;
        case 'file':
          body.push(paint('dim', `[file ${part.mediaType}${part.data instanceof URL ? ` ${part.data.href}` : `, ${String(part.data.byteLength)} bytes`}]`));
          break;
        case 'tool-call':
        case 'builtin-tool-call':
          body.push(`${paint('yellow', '→')} ${part.toolName} ${preview(part.toolArgs === '' ? '{}' : part.toolArgs, 200)}`);
          break;
        case 'tool-result':
          body.push(`${paint(part.status === 'success' ? 'green' : 'red', '←')} ${part.toolName} (${part.status}): ${preview(part.result, 200)}`);
          break;
        case 'builtin-tool-result':
          body.push(`${paint(part.isError === true ? 'red' : 'green', '←')} ${part.toolName}: ${preview(part.result, 200)}`);
          break;
        case 'tool-approval-request':
          body.push(`${paint('yellow', '?')} ${part.toolName} (call ${part.toolCallId}) asks for approval`);
          break;
        case 'tool-approval-response':
          body.push(`${paint(part.approved ? 'green' : 'red', part.approved ? '✓' : '✗')} call ${part.toolCallId} ${part.approved ? 'approved' : `denied${part.reason === undefined ? '' : `: ${part.reason}`}`}`);
          break;
        case 'compaction':
          body.push(paint('dim', `(summary of the messages above, sent in their place) ${preview(part.summary, 300)}`));
          break;
      }
    }
    const [first = '', ...rest] = body.join('\n').split('\n');
    lines.push(`${label} ${first}`, ...rest.map((line) => `  ${line}`));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
