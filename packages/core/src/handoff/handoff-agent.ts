import type { AgentOptions, RunnableAgent } from '../agent/agent-types.js';
import type { RunHooks } from '../agent/run-hooks.js';
import type { ToolSnapshot } from '../agent/tool-catalog.js';

/** Where an `Agent` keeps what a run needs of it when it takes over by a handoff: a symbol, off the public surface. @internal */
export const AGENT_PARTS: unique symbol = Symbol.for('tandem.agent.parts');

/** Anything that gives the tools as they are now (an agent's `ToolCatalog`, or a run's tools with its handoff tools). @internal */
export interface ToolSource {
  current(): ToolSnapshot;
}

/** What a run uses of an agent while that agent is active. @internal */
export interface AgentParts {
  readonly agent: HandoffAgent;
  readonly name: string;
  readonly options: AgentOptions;
  readonly catalog: ToolSource;
  readonly hooks: RunHooks;
  /** The agents this one is connected to by handoffs (itself included). */
  graph(): ReadonlySet<HandoffAgent>;
}

/** An agent a text run can hand off to: core's `Agent`. @internal */
export interface HandoffAgent extends RunnableAgent {
  [AGENT_PARTS](): AgentParts;
}

/** True for an `Agent` (also of another copy of core). @internal */
export function isHandoffAgent(value: unknown): value is HandoffAgent {
  return typeof value === 'object' && value !== null && typeof (value as Partial<HandoffAgent>)[AGENT_PARTS] === 'function';
}
