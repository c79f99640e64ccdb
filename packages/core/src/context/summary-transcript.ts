import type { Message } from '../spec/message/v1/message.js';
import type { Part } from '../spec/message/v1/part.js';
import type { ToolOutput } from '../spec/message/v1/tool-output.js';

/** A tool result or argument list longer than this is cut in the transcript. */
const MAX_ITEM_CHARS = 2_000;

/**
 * The messages as a plain-text transcript for the summarizing model: one block per message, tool calls
 * and (cut) results as text, so any model can read it without the tools being defined. An earlier summary
 * (`summaryOf` gives its text) goes in as it is. @internal
 */
export function summaryTranscript(messages: readonly Message[], summaryOf: (message: Message) => string | undefined): string {
  const blocks: string[] = [];
  for (const message of messages) {
    const summary = summaryOf(message);
    if (summary !== undefined) {
      blocks.push(summary);
      continue;
    }
    const lines = message.parts.flatMap((part) => partLines(part));
    if (lines.length === 0) continue;
    blocks.push(`${label(message.role)}:\n${lines.join('\n')}`);
  }
  return blocks.join('\n\n');
}

function label(role: Message['role']): string {
  return role === 'tool' ? 'Tool results' : role.charAt(0).toUpperCase() + role.slice(1);
}

function partLines(part: Part): string[] {
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [part.text];
    case 'file':
      return [`[file: ${part.mediaType}${part.filename === undefined ? '' : ` ${part.filename}`}]`];
    case 'tool-call':
    case 'builtin-tool-call':
      return [`[called ${part.toolName}(${cut(part.toolArgs)})]`];
    case 'tool-result':
      return [`[${part.toolName} ${part.status}: ${cut(outputText(part.modelInput))}]`];
    case 'builtin-tool-result':
      return [`[${part.toolName} result: ${cut(json(part.result))}]`];
    case 'reasoning':
    case 'compaction':
    case 'tool-approval-request':
    case 'tool-approval-response':
      return [];
  }
}

function outputText(output: ToolOutput): string {
  if (output.type === 'text') return output.value;
  if (output.type === 'json') return json(output.value);
  return output.value.map((block) => (block.type === 'text' ? block.text : `[file: ${block.mediaType}]`)).join('\n');
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

function cut(text: string): string {
  return text.length > MAX_ITEM_CHARS ? `${text.slice(0, MAX_ITEM_CHARS)}… (${text.length - MAX_ITEM_CHARS} more characters)` : text;
}
