import type { Message } from '../spec/message/v1/message.js';

const TRANSFERRED = /^Transferred to (.+)\.$/s;

/** The text of a transfer call's result. @internal */
export function transferredText(name: string): string {
  return `Transferred to ${name}.`;
}

/**
 * The name of the agent a conversation was last handed to, read from its history: the last successful
 * tool result `"Transferred to <name>."` of a call that `isTransfer(toolName, name)` accepts (a handoff
 * tool of an agent in the graph, to an agent of that name). `undefined` when none. `Agent` and
 * `BidiAgent` both continue a conversation with the agent this names.
 *
 * @example
 * ```ts
 * const active = lastTransfer(await store.load('chat-1'), (toolName, name) => toolName === `transfer_to_${name}`);
 * ```
 *
 * @category Tool runtime
 */
export function lastTransfer(messages: readonly Message[], isTransfer: (toolName: string, name: string) => boolean): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'tool') continue;
    for (let j = message.parts.length - 1; j >= 0; j--) {
      const part = message.parts[j];
      if (part?.type !== 'tool-result' || part.status !== 'success' || typeof part.result !== 'string') continue;
      const name = TRANSFERRED.exec(part.result)?.[1];
      if (name !== undefined && isTransfer(part.toolName, name)) return name;
    }
  }
  return undefined;
}
