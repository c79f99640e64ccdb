import type { AgentEvent } from '../events/agent-event.js';
import type { Message } from '../spec/message/v1/message.js';
import type { Usage } from '../spec/language-model/v1/usage.js';
import type { StopReason } from '../agent/agent-types.js';

/**
 * The last item a sub-agent tool yields: the nested run's outcome. {@link SubAgentAggregator} takes it
 * as the authoritative bundle.
 *
 * @example
 * ```ts
 * const item: SubAgentResultItem = {
 *   type: 'sub-agent-result', runId: run.runId, messages: result.messages.slice(input.length),
 *   text: result.text, stopReason: result.stopReason, usage: result.usage,
 * };
 * ```
 *
 * @category Sub-agents
 */
export interface SubAgentResultItem {
  readonly type: 'sub-agent-result';
  /** Id of the nested run. */
  readonly runId: string;
  /** The messages the nested run added (its input messages excluded), in order. */
  readonly messages: readonly Message[];
  /** The text of the nested run's final assistant message. */
  readonly text: string;
  readonly stopReason: StopReason;
  readonly usage: Usage;
}

/**
 * What a {@link SubAgentAggregator} is fed: events of the nested run, then one {@link SubAgentResultItem}.
 *
 * @example
 * ```ts
 * function isFinal(item: SubAgentItem): item is SubAgentResultItem {
 *   return item.type === 'sub-agent-result';
 * }
 * ```
 *
 * @category Sub-agents
 */
export type SubAgentItem = AgentEvent | SubAgentResultItem;

/**
 * The stored result of a sub-agent tool call: the nested run's message bundle. The model is sent only
 * `text` (see {@link SubAgentAggregator.toModelInput}).
 *
 * @example
 * ```ts
 * for await (const event of run) {
 *   if (event.type === 'tool-call-result' && event.result.toolName === 'research') {
 *     const bundle = event.result.result as SubAgentBundle;
 *     console.log(bundle.messages.length, 'nested messages; answer:', bundle.text);
 *   }
 * }
 * ```
 *
 * @category Sub-agents
 */
export interface SubAgentBundle {
  /** Id of the nested run (`undefined` until its first event). */
  readonly runId: string | undefined;
  /** The messages the nested run added, in order; empty until the run finished. */
  readonly messages: readonly Message[];
  /** The nested run's final assistant text; while it runs, the text of its current step so far. */
  readonly text: string;
  /** Why the nested run ended; `undefined` while it runs. */
  readonly stopReason: StopReason | undefined;
  /** Token usage of the nested run (while it runs: of its finished steps). */
  readonly usage: Usage;
  /** True once the nested run's outcome ({@link SubAgentResultItem}) arrived. */
  readonly complete: boolean;
}
