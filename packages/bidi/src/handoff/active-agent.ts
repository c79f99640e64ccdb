import { toHandoff, type Handoff } from '@tandem/core';
import type { Message } from '@tandem/core/spec';
import type { AgentSetup, BidiHandoffTarget } from './bidi-handoff-target.js';
import { setupOf } from './profile-for.js';

const TRANSFERRED = /^Transferred to (.+)\.$/s;

/**
 * The handoff a conversation was last handed over by, read from its history as a text `Agent` reads it:
 * the last successful result `"Transferred to <name>."` of a handoff tool of an agent in the graph that
 * starts at `entry` (found by tool name and target name). `undefined` when there is none — the
 * conversation starts with the entry agent. @internal
 */
export function lastHandoff(messages: readonly Message[], entry: AgentSetup): Handoff<BidiHandoffTarget> | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'tool') continue;
    for (let j = message.parts.length - 1; j >= 0; j--) {
      const part = message.parts[j];
      if (part?.type !== 'tool-result' || part.status !== 'success' || typeof part.result !== 'string') continue;
      const name = TRANSFERRED.exec(part.result)?.[1];
      const found = name === undefined ? undefined : findHandoff(entry, part.toolName, name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
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
