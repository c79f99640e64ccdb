import type { ContextManager, Tool } from '@tandem/core';
import { ToolCatalog } from '@tandem/core/runtime';
import type { BidiModel } from '@tandem/core/spec';
import { LiveTools } from '../tools/live-tools.js';

/**
 * What one agent of a voice conversation brings to the live session: its name, instructions, tools,
 * voice, model and context manager. The conversation has one active profile at a time; a handoff or `update()` replaces it.
 * @internal
 */
export interface BidiProfile extends ProfileParts {
  /** Its tools as the model sees them: own tools, `transfer_to_<name>` tools and built-ins. */
  readonly tools: LiveTools;
}

/** What a profile is built from. @internal */
export interface ProfileParts {
  /** The agent's name: `agentName` on events, `from`/`to` of `handoff` events. */
  readonly name: string;
  readonly system: string | undefined;
  readonly voice: string | undefined;
  readonly model: BidiModel;
  /** What a new connection is sent of the history (the agent's `context`). */
  readonly context: ContextManager | undefined;
  /** The agent's own tools (a live list stays live). */
  readonly sources: readonly (Tool | readonly Tool[])[];
  /** Handoff tools and built-ins, appended after the agent's own tools. */
  readonly extras: readonly Tool[];
  /** Names of its handoff tools (the first of a response wins). */
  readonly handoffToolNames: ReadonlySet<string>;
}

/**
 * Builds a profile. The agent's own list is kept as it is when there is nothing to add, so a live list
 * given as `tools` stays live. @internal
 *
 * @throws TypeError for an invalid or duplicate tool name (a handoff tool clashing with a tool included).
 */
export function buildProfile(parts: ProfileParts, report: (error: unknown) => void): BidiProfile {
  const sources = parts.extras.length === 0 ? parts.sources : [...parts.sources, ...parts.extras];
  const catalog = new ToolCatalog(sources, { owner: 'BidiAgent' });
  return { ...parts, tools: new LiveTools(catalog, report) };
}
