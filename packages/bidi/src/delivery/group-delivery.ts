import type { FunctionTool } from '@tandem/core';
import type { ToolDelivery } from '@tandem/core/spec';

const URGENCY: Readonly<Record<ToolDelivery, number>> = { silent: 0, 'when-idle': 1, interrupt: 2 };

/**
 * The delivery mode of a group: the most urgent among its calls' tools (`interrupt` > `when-idle` >
 * `silent`); a tool without `delivery` (or an unknown tool) counts as `when-idle`. @internal
 */
export function groupDelivery(toolNames: readonly string[], tools: ReadonlyMap<string, FunctionTool>): ToolDelivery {
  let mode: ToolDelivery | undefined;
  for (const name of toolNames) {
    const own = tools.get(name)?.delivery ?? 'when-idle';
    if (mode === undefined || URGENCY[own] > URGENCY[mode]) mode = own;
  }
  return mode ?? 'when-idle';
}
