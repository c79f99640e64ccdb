import type { AgentHooks, ToolCallHooks } from '@tandem/core';
import { HookRegistry } from '@tandem/core/runtime';
import type { Message } from '@tandem/core/spec';

/**
 * The hooks a `BidiAgent` runs, as on `Agent`.
 *
 * @example
 * ```ts
 * const hooks: BidiAgentHooks = { messageAdded: ({ message }) => console.log(message.role) };
 * const agent = new BidiAgent({ model, hooks });
 * ```
 *
 * @category Agent
 */
export type BidiAgentHooks = Pick<AgentHooks, 'beforeToolCall' | 'afterToolCall' | 'messageAdded'>;

/**
 * The name of a hook a `BidiAgent` runs. @example `const name: BidiHookName = 'afterToolCall';`
 *
 * @category Agent
 */
export type BidiHookName = keyof BidiAgentHooks;

const NAMES: readonly string[] = ['beforeToolCall', 'afterToolCall', 'messageAdded'];

/**
 * A `BidiAgent`'s hooks on core's registry: the `hooks` option plus `agent.on()`, resolved per call so a
 * hook added mid-conversation applies at once. `messageAdded` hooks run one message at a time, in order,
 * without holding the conversation; a failing one is reported through `report`. @internal
 */
export class BidiHooks {
  private readonly registry = new HookRegistry();
  private tail: Promise<void> = Promise.resolve();

  constructor(initial: Partial<BidiAgentHooks> | undefined) {
    for (const [name, fn] of Object.entries(initial ?? {})) {
      if (fn !== undefined) this.add(name as BidiHookName, fn as BidiAgentHooks[BidiHookName]);
    }
  }

  add<K extends BidiHookName>(name: K, fn: BidiAgentHooks[K]): () => void {
    if (!NAMES.includes(name)) throw new TypeError(`BidiAgent.on(): unknown hook "${String(name)}"; a BidiAgent runs ${NAMES.join(', ')}.`);
    if (typeof fn !== 'function') throw new TypeError(`BidiAgent.on('${name}', fn): fn must be a function.`);
    return this.registry.add(name, fn as AgentHooks[K]);
  }

  /** The tool-call hooks for core's runtime (absent ones cost nothing). */
  toolCallHooks(): ToolCallHooks {
    return {
      beforeToolCall: async (event) => {
        if (this.registry.has('beforeToolCall')) await this.registry.run('beforeToolCall', event);
      },
      afterToolCall: async (event) => {
        if (this.registry.has('afterToolCall')) await this.registry.run('afterToolCall', event);
      },
    };
  }

  /** Runs the `messageAdded` hooks for `message` after those of earlier messages. */
  messageAdded(message: Message, runId: string, step: number, report: (error: unknown) => void): void {
    if (!this.registry.has('messageAdded')) return;
    this.tail = this.tail
      .then(() => this.registry.run('messageAdded', { runId, step, message }))
      .catch((error: unknown) => report(error instanceof Error ? error : new Error(String(error))));
  }

  /** Resolves once every `messageAdded` hook called so far has settled. */
  settled(): Promise<void> {
    return this.tail;
  }
}
