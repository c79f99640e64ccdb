import type { Message } from '../spec/message/v1/message.js';
import type { ContextInfo, ContextManager } from './context-manager.js';

/**
 * Chains context managers: each one's output is the next one's input, in order — trim, then summarize,
 * then window, say. On a context overflow, members that can `reduce` (e.g. `summarize()`) reduce and the
 * others prepare as usual; a chain with no such member leaves the reduction to the agent (it halves the
 * window).
 *
 * @example
 * ```ts
 * const context = composeContext(
 *   trimToolResults({ maxChars: 20_000 }),
 *   summarize({ triggerTokens: 120_000 }),
 *   slidingWindow({ maxTokens: 150_000 }),
 * );
 * ```
 *
 * @category Context
 */
export function composeContext(...managers: readonly ContextManager[]): ContextManager {
  for (const [i, manager] of managers.entries()) {
    if (typeof manager?.prepare !== 'function') {
      throw new TypeError(`composeContext(): argument ${i + 1} is not a context manager (an object with prepare(messages, info)).`);
    }
  }
  const prepare = async (messages: readonly Message[], info: ContextInfo): Promise<readonly Message[]> => {
    let current = messages;
    for (const manager of managers) current = await manager.prepare(current, info);
    return current;
  };
  if (!managers.some((manager) => manager.reduce !== undefined)) return { prepare };
  return {
    prepare,
    reduce: async (messages, info) => {
      let current = messages;
      for (const manager of managers) current = await (manager.reduce ?? manager.prepare).call(manager, current, info);
      return current;
    },
  };
}
