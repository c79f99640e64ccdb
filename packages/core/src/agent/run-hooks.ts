import type { AgentHooks, HookName } from '../hooks/agent-hooks.js';

/** The hooks a run sees: resolved per call, so hooks added with `agent.on()` mid-run apply. @internal */
export interface RunHooks {
  has(name: HookName): boolean;
  run<K extends HookName>(name: K, event: Parameters<AgentHooks[K]>[0]): Promise<void>;
}
