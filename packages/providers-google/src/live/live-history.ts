import type { Message, Part } from '@tandem/core/spec';
import { convertToGoogleContents } from '../convert-to-google-contents.js';
import type { GoogleContent } from '../google-request.js';

/** A function call from the replayed history whose result has not been sent yet. @internal */
export interface PendingLiveCall {
  readonly name: string;
  readonly args: unknown;
}

/** The history of a new (not resumed) Live session. @internal */
export interface LiveHistory {
  /** Texts of `system` messages (they go into the system instruction). */
  readonly systemParts: readonly string[];
  /** The conversation as `clientContent` turns, without calls still waiting for a result. */
  readonly turns: readonly GoogleContent[];
  /** Calls left out of `turns` because their results come later, by id. */
  readonly pendingCalls: ReadonlyMap<string, PendingLiveCall>;
}

/**
 * Converts the conversation an agent replays on a new connection. Gemini expects every function call in
 * the history to be followed by its response, so a call still waiting for its result is left out and
 * remembered: when the result arrives, the call and its response are sent together. @internal
 */
export function convertLiveHistory(messages: readonly Message[]): LiveHistory {
  const answered = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.parts) if (part.type === 'tool-result') answered.add(part.toolCallId);
  }
  const pendingCalls = new Map<string, PendingLiveCall>();
  const kept: Message[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') {
      kept.push(message);
      continue;
    }
    const parts: Part[] = [];
    for (const part of message.parts) {
      if (part.type === 'tool-call' && !answered.has(part.toolCallId)) pendingCalls.set(part.toolCallId, { name: part.toolName, args: callArgs(part) });
      else parts.push(part);
    }
    if (parts.length > 0) kept.push({ ...message, parts });
  }
  const { systemInstruction, contents } = convertToGoogleContents(kept);
  return { systemParts: systemInstruction?.parts.map((part) => part.text) ?? [], turns: contents, pendingCalls };
}

function callArgs(part: { readonly toolArgs: string; readonly input?: unknown }): unknown {
  if (part.input !== undefined) return part.input;
  try {
    return part.toolArgs.trim() === '' ? {} : (JSON.parse(part.toolArgs) as unknown);
  } catch {
    return {};
  }
}
