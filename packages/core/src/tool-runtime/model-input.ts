import type { ToolOutput } from '../spec/message/v1/tool-output.js';
import { toToolOutput } from './to-tool-output.js';
import type { AggregatorClass } from '../tool-definition/aggregator.js';
import type { FunctionTool } from '../tool-definition/tool.js';

/**
 * What the model is sent for a tool's return value: `toModelInput(value)` (or the deprecated
 * `toModelOutput`) when the tool has one, else the value mapped by `toToolOutput`. A `toModelInput` may
 * return a `ToolOutput` (sent as it is) or a plain value (mapped like a return value). For code that runs
 * tools itself (an MCP server, a durable runner) and must map results exactly as an `Agent` does.
 *
 * @example
 * ```ts
 * import { toolModelInput } from '@tandem/core/runtime';
 * const modelInput = toolModelInput(weather, await weather.execute!(input, ctx)); // { type: 'text', value: '21 °C' }
 * ```
 *
 * @category Tool runtime
 */
export function toolModelInput(tool: FunctionTool, value: unknown): ToolOutput {
  if (tool.toModelInput !== undefined) return asToolOutput(tool.toModelInput(value));
  if (tool.toModelOutput !== undefined) return tool.toModelOutput(value);
  return toToolOutput(value);
}

/**
 * What the model is sent for a streaming tool's final snapshot: its aggregator's static `toModelInput`,
 * mapped like {@link toolModelInput} maps a tool's.
 *
 * @example
 * ```ts
 * import { aggregatorModelInput } from '@tandem/core/runtime';
 * aggregatorModelInput(TextAggregator, 'Hello'); // { type: 'text', value: 'Hello' }
 * ```
 *
 * @category Tool runtime
 */
export function aggregatorModelInput(Aggregator: AggregatorClass, snapshot: unknown): ToolOutput {
  return asToolOutput(Aggregator.toModelInput(snapshot));
}

function asToolOutput(value: unknown): ToolOutput {
  return isToolOutput(value) ? value : toToolOutput(value);
}

function isToolOutput(value: unknown): value is ToolOutput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 2 || !keys.includes('type') || !keys.includes('value')) return false;
  const { type, value: inner } = value as { type: unknown; value: unknown };
  if (type === 'text') return typeof inner === 'string';
  if (type === 'json') return inner !== undefined;
  return type === 'content' && Array.isArray(inner);
}
