import type { ContextInfo } from '../context/context-manager.js';
import { estimateMessageTokens } from '../context/estimate-message-tokens.js';
import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { Message } from '../spec/message/v1/message.js';
import { ScriptedModel } from '../testing/scripted-model.js';

/** A `ContextInfo` for calling a manager directly: the local estimate, and a history that records appends. */
export function contextInfo(options: { model?: LanguageModel; maxInputTokens?: number } = {}): ContextInfo & { readonly appended: Message[] } {
  const appended: Message[] = [];
  return {
    model: options.model ?? new ScriptedModel({ responses: [] }),
    estimateTokens: (messages) => estimateMessageTokens(messages),
    ...(options.maxInputTokens === undefined ? {} : { maxInputTokens: options.maxInputTokens }),
    signal: new AbortController().signal,
    appendToHistory: async (message) => {
      appended.push(message);
    },
    appended,
  };
}

/** A user message of `n` words (about `n` tokens). */
export function wordsMessage(role: 'user' | 'assistant', n: number, id?: string): Message {
  return { ...(id === undefined ? {} : { id }), role, parts: [{ type: 'text', text: Array.from({ length: n }, (_v, i) => `w${i}`).join(' ') }] };
}

/** An assistant message calling `ids`, and one tool message per id with its result. */
export function toolGroup(ids: readonly string[], resultText = 'ok'): Message[] {
  return [
    { role: 'assistant', parts: ids.map((id) => ({ type: 'tool-call' as const, toolCallId: id, toolName: 'look', toolArgs: '{}', input: {} })) },
    ...ids.map((id): Message => ({
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: id, toolName: 'look', status: 'success', result: resultText, modelInput: { type: 'text', value: resultText } }],
    })),
  ];
}
