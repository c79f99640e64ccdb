import { toHandoff, type Handoff } from '@tandem/core';
import { lastTransfer } from '@tandem/core/runtime';
import type { Message } from '@tandem/core/spec';
import type { AgentSetup, BidiHandoffTarget } from './bidi-handoff-target.js';
import { setupOf } from './profile-for.js';

/**
 * The handoff a conversation was last handed over by, read from its history as a text `Agent` reads it:
 * the last successful result `"Transferred to <name>."` of a handoff tool of an agent in the graph that
 * starts at `entry` (found by tool name and target name). `undefined` when there is none — the
 * conversation starts with the entry agent. @internal
 */
export function lastHandoff(messages: readonly Message[], entry: AgentSetup): Handoff<BidiHandoffTarget> | undefined {
  let found: Handoff<BidiHandoffTarget> | undefined;
  lastTransfer(messages, (toolName, name) => (found = findHandoff(entry, toolName, name)) !== undefined);
  return found;
}

/** The handoff named `toolName` to an agent named `name`, anywhere in the graph (breadth first). */
function findHandoff(entry: AgentSetup, toolName: string, name: string): Handoff<BidiHandoffTarget> | undefined {
  const seen = new Set<object>();
  const queue: AgentSetup[] = [entry];
  for (let setup = queue.shift(); setup !== undefined; setup = queue.shift()) {
    for (const item of setup.handoffs) {
      const handoff = toHandoff(item);
      if (handoff.toolName === toolName && handoff.name === name) return handoff;
      if (seen.has(handoff.target)) continue;
      seen.add(handoff.target);
      queue.push(setupOf(handoff.target));
    }
  }
  return undefined;
}
