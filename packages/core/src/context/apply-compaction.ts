import type { Message } from '../spec/message/v1/message.js';
import type { CompactionPart } from '../spec/message/v1/part.js';

const summaries = new WeakSet<Message>();

/** The user message the model is sent in place of compacted messages. @internal */
export function summaryMessage(summary: string): Message {
  const message: Message = { role: 'user', parts: [{ type: 'text', text: `Summary of the earlier conversation:\n${summary}` }] };
  summaries.add(message);
  return message;
}

/** Whether `message` is a summary made by {@link summaryMessage} (not a message of history). @internal */
export function isSummaryMessage(message: Message): boolean {
  return summaries.has(message);
}

/** The summary text of a message from {@link summaryMessage}. @internal */
export function summaryText(message: Message): string {
  const part = message.parts[0];
  return part?.type === 'text' ? part.text : '';
}

/** Whether `message` holds a compaction (and so is bookkeeping, never sent). @internal */
export function isCompactionMessage(message: Message): boolean {
  return message.role === 'system' && message.parts.some((part) => part.type === 'compaction');
}

/**
 * The conversation as the newest usable compaction leaves it: system messages, then the summary as the
 * first message, then every message after the last one it replaces. A compaction whose
 * `replacesThroughMessageId` is not in `messages` (a store that kept no ids) is ignored. Without one, the
 * list without compaction messages. @internal
 */
export function applyCompaction(messages: readonly Message[]): readonly Message[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as Message;
    if (!isCompactionMessage(message)) continue;
    const part = message.parts.find((p): p is CompactionPart => p.type === 'compaction') as CompactionPart;
    let through = -1;
    for (let j = i - 1; j >= 0; j--) {
      if (messages[j]?.id === part.replacesThroughMessageId) {
        through = j;
        break;
      }
    }
    if (through < 0) continue;
    const head = messages.slice(0, through + 1).filter((m) => m.role === 'system' && !isCompactionMessage(m));
    const tail = messages.slice(through + 1).filter((m) => !isCompactionMessage(m));
    return [...head, summaryMessage(part.summary), ...tail];
  }
  return messages.some(isCompactionMessage) ? messages.filter((m) => !isCompactionMessage(m)) : messages;
}
