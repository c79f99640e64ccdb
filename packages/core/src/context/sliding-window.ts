import type { Message } from '../spec/message/v1/message.js';
import type { ContextInfo, ContextManager } from './context-manager.js';
import { messageUnits, unitMessages, type MessageUnit } from './message-units.js';

/**
 * Options of {@link slidingWindow}. Give either or both; with neither, the budget is the model's
 * `maxInputTokens` when its provider knows it (else the window keeps everything).
 *
 * @category Context
 */
export interface SlidingWindowOptions {
  /** The most non-system messages sent. */
  readonly maxMessages?: number;
  /** The most estimated input tokens sent (see `ContextInfo.estimateTokens`). Default: `info.maxInputTokens`. */
  readonly maxTokens?: number;
}

/**
 * A context manager that sends the newest part of the conversation that fits the budget, dropping the
 * oldest turns first. It never separates a tool call from its result (an assistant message goes with the
 * tool messages after it), always keeps the newest turn, keeps `system` messages, and keeps the first user
 * message (the task, usually) unless that message alone exceeds the budget. History is not changed.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools, context: slidingWindow({ maxMessages: 40, maxTokens: 100_000 }) });
 * ```
 *
 * @category Context
 */
export function slidingWindow(options: SlidingWindowOptions = {}): ContextManager {
  validate(options);
  return {
    prepare: (messages, info) => windowOf(messages, info, options.maxMessages, options.maxTokens ?? info.maxInputTokens),
  };
}

/** The window of `messages` within the budget (the whole list when there is none). @internal */
export function windowOf(messages: readonly Message[], info: ContextInfo, maxMessages: number | undefined, maxTokens: number | undefined): readonly Message[] {
  if (maxMessages === undefined && maxTokens === undefined) return messages;
  const units = messageUnits(messages);
  if (units.length === 0) return messages;
  const empty = info.estimateTokens([]);
  const cost = (unit: MessageUnit): number => info.estimateTokens(unitMessages(messages, unit)) - empty;
  const count = (unit: MessageUnit): number => unitMessages(messages, unit).length;
  let tokens = info.estimateTokens(messages.filter((message) => message.role === 'system'));
  let sent = 0;
  const fits = (moreTokens: number, moreMessages: number): boolean =>
    (maxTokens === undefined || tokens + moreTokens <= maxTokens) && (maxMessages === undefined || sent + moreMessages <= maxMessages);

  const kept = new Set<MessageUnit>();
  const newest = units[units.length - 1] as MessageUnit;
  kept.add(newest);
  tokens += cost(newest);
  sent += count(newest);
  const first = units.find((unit) => unit.role === 'user');
  if (first !== undefined && first !== newest) {
    const firstTokens = cost(first);
    // The first user message stays unless it alone is over the budget.
    const aloneFits = (maxTokens === undefined || empty + firstTokens <= maxTokens) && (maxMessages === undefined || maxMessages >= 1);
    if (aloneFits) {
      kept.add(first);
      tokens += firstTokens;
      sent += 1;
    }
  }
  for (let i = units.length - 2; i >= 0; i--) {
    const unit = units[i] as MessageUnit;
    if (kept.has(unit)) continue;
    const unitTokens = cost(unit);
    const unitCount = count(unit);
    if (!fits(unitTokens, unitCount)) break;
    kept.add(unit);
    tokens += unitTokens;
    sent += unitCount;
  }
  if (kept.size === units.length) return messages;
  const keep = new Uint8Array(messages.length);
  for (let i = 0; i < messages.length; i++) if ((messages[i] as Message).role === 'system') keep[i] = 1;
  for (const unit of kept) keep.fill(1, unit.start, unit.end);
  return messages.filter((_message, i) => keep[i] === 1);
}

function validate(options: SlidingWindowOptions): void {
  const { maxMessages, maxTokens } = options;
  if (maxMessages !== undefined && !(Number.isInteger(maxMessages) && maxMessages >= 1)) {
    throw new TypeError(`slidingWindow(): maxMessages must be a positive integer, got ${String(maxMessages)}.`);
  }
  if (maxTokens !== undefined && !(Number.isFinite(maxTokens) && maxTokens > 0)) {
    throw new TypeError(`slidingWindow(): maxTokens must be a positive number, got ${String(maxTokens)}.`);
  }
}
