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
export { SubAgentAggregator } from './sub-agent-aggregator.js';
export type { SubAgentBundle, SubAgentItem, SubAgentResultItem } from './sub-agent-bundle.js';
export { promptInput, type SubAgentToolInput, type SubAgentToolInputCommon, type SubAgentPromptInput } from './sub-agent-input.js';
export { subAgentTool, type SubAgent, type SubAgentToolOptions } from './sub-agent-tool.js';
