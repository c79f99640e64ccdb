/**
 * Tandem aggregators: fold what a streaming tool yields into one result — {@link TextAggregator},
 * {@link StatusAggregator}, {@link SubAgentAggregator} — and {@link subAgentTool}, which wraps an agent as
 * a tool.
 *
 * @packageDocumentation
 */
export type { Aggregator, AggregatorClass } from '@tandem/core';
export { TextAggregator } from './text-aggregator.js';
export { StatusAggregator, NO_STATUS_RESULT } from './status-aggregator.js';
// The sub-agent pieces live in core (one implementation with `agent.asTool()`); they stay importable from here.
export {
  SubAgentAggregator,
  promptInput,
  subAgentTool,
  type SubAgentBundle,
  type SubAgentItem,
  type SubAgentResultItem,
  type SubAgentToolInput,
  type SubAgentToolInputCommon,
  type SubAgentPromptInput,
  type SubAgent,
  type SubAgentToolOptions,
} from '@tandem/core';
