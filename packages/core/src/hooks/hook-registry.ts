import type { AgentHooks, HookName } from './agent-hooks.js';

/**
 * The function registered for hook `K` (its `AgentHooks` member).
 *
 * @example
 * ```ts
 * const log: HookFunction<'messageAdded'> = ({ message }) => console.log(message.role);
 * ```
 *
 * @category Tool runtime
 */
export type HookFunction<K extends HookName> = AgentHooks[K];

/**
 * Holds the hooks of an agent and runs them in registration order, awaiting each — the registry behind
 * `Agent`'s `hooks` option and `agent.on()`, for agents built on the tool runtime (`BidiAgent`).
 *
 * @example
 * ```ts
 * const hooks = new HookRegistry();
 * const off = hooks.add('messageAdded', ({ message }) => console.log(message.role));
 * await hooks.run('messageAdded', { runId: 'r1', step: 0, message });
 * off();
 * ```
 *
 * @category Tool runtime
 */
export class HookRegistry {
  private readonly hooks: { [K in HookName]?: HookFunction<K>[] } = {};

  add<K extends HookName>(name: K, fn: HookFunction<K>): () => void {
    const list = (this.hooks[name] ??= []) as HookFunction<K>[];
    list.push(fn);
    return () => {
      const index = list.indexOf(fn);
      if (index >= 0) list.splice(index, 1);
    };
  }

  has(name: HookName): boolean {
    return (this.hooks[name]?.length ?? 0) > 0;
  }

  async run<K extends HookName>(name: K, event: Parameters<HookFunction<K>>[0]): Promise<void> {
    const list = this.hooks[name] as HookFunction<K>[] | undefined;
    if (list === undefined) return;
    for (const fn of [...list]) await (fn as (event: Parameters<HookFunction<K>>[0]) => void | Promise<void>)(event);
  }
}
