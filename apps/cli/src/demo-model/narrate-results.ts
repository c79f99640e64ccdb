import type { Message, ToolOutput } from '@tandem/core/spec';

const MAX_RESULT_LENGTH = 200;

/**
 * The demo model's report of a tool message: one line per result, in call order, from what the model is
 * sent (`modelInput`): the value, the error, or that the call was cancelled.
 *
 * @example
 * ```ts
 * narrateResults(toolMessage); // 'Results:\n- weather: {"city":"Oslo","sky":"clear"}\n- flights failed: …'
 * ```
 */
export function narrateResults(message: Message): string {
  const lines: string[] = [];
  for (const part of message.parts) {
    if (part.type !== 'tool-result') continue;
    const text = shorten(outputText(part.modelInput));
    if (part.status === 'cancelled') lines.push(`- ${part.toolName} was cancelled.`);
    else if (part.status === 'error') lines.push(`- ${part.toolName} failed: ${text}`);
    else lines.push(`- ${part.toolName}: ${text}`);
  }
  if (lines.length === 0) return 'The tools returned nothing.';
  return `${lines.length === 1 ? 'The tool returned:' : 'The tools returned:'}\n${lines.join('\n')}`;
}

function outputText(output: ToolOutput): string {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'json':
      return JSON.stringify(output.value);
    case 'content':
      return output.value.map((block) => (block.type === 'text' ? block.text : `[${block.mediaType} file]`)).join(' ');
  }
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_RESULT_LENGTH ? flat : `${flat.slice(0, MAX_RESULT_LENGTH - 1)}…`;
}
