import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { Message } from '../spec/message/v1/message.js';
import { summaryTranscript } from './summary-transcript.js';

export { planSummary } from './plan-summary.js';

/** What the summarizing model is told. */
export const SUMMARY_INSTRUCTIONS =
  'You compress conversations between a user and an AI assistant. Write a concise summary of the transcript ' +
  'so the assistant can go on without it: the user’s goals and constraints, decisions made, facts learned ' +
  '(names, numbers, file paths, ids), what tools returned that still matters, and open questions. Write only ' +
  'the summary, in the language of the conversation.';

/**
 * Asks `model` for a summary of `messages` (sent as a transcript in one user message, with no tools).
 * Rejects when the call fails or the summary is empty; `undefined` when the stream ended before its
 * `finish` part. It is loaded on demand, so it imports nothing at runtime that the rest of core has: what it
 * needs is passed in (`summaryOf`), and a bundler splits no shared chunk off the one an app loads at start.
 * @internal
 */
export async function writeSummary(
  model: LanguageModel,
  messages: readonly Message[],
  instructions: string,
  signal: AbortSignal,
  summaryOf: (message: Message) => string | undefined,
): Promise<string | undefined> {
  const transcript = summaryTranscript(messages, summaryOf);
  const request = {
    system: instructions,
    messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: `<transcript>\n${transcript}\n</transcript>\n\nSummarize the transcript above.` }] }],
    tools: [],
  };
  let text = '';
  let finished = false;
  for await (const part of model.stream(request, { signal })) {
    signal.throwIfAborted();
    if (part.type === 'text-delta') text += part.chunk;
    else if (part.type === 'finish') finished = true;
  }
  if (!finished) return undefined;
  const summary = text.trim();
  if (summary === '') throw new Error(`summarize(): ${model.provider}:${model.modelId} returned an empty summary; check the summarizing model.`);
  return summary;
}
