import { toHandoff, type ContextManager, type Tool } from '@tandem/core';
import type { BidiModel } from '@tandem/core/spec';
import { toBidiModel } from '../connection/to-bidi-model.js';
import { agentSetups, type AgentSetup, type BidiHandoffTarget } from './bidi-handoff-target.js';
import { buildProfile, type BidiProfile } from './bidi-profile.js';
import { handoffTool, type Transfer } from './handoff-tool.js';

/** What building a profile needs from the agent that runs the conversation. @internal */
export interface ProfileDeps {
  /** Built-in tools every agent of the conversation has (`answer_approval` with spoken approvals). */
  readonly builtIns: readonly Tool[];
  readonly transfer: Transfer;
  /** Where a refreshed live tool list that breaks the name rules is reported. */
  readonly report: (error: unknown) => void;
}

/**
 * The profile of `setup`: its own tools plus one `transfer_to_<name>` tool per handoff and the built-ins;
 * its model, voice and context manager, else those in use (`inUse`). A model of the same provider and id as the one in use
 * counts as the same model (agents made with `openai.realtime('gpt-realtime')` each keep the live session).
 * @internal
 *
 * @throws TypeError for a tool name clash (e.g. a tool named like a handoff tool).
 */
export function profileFor(
  setup: AgentSetup,
  inUse: { readonly model: BidiModel; readonly voice: string | undefined; readonly context?: ContextManager | undefined },
  deps: ProfileDeps,
): BidiProfile {
  const handoffs = setup.handoffs.map((entry) => toHandoff(entry));
  const names = new Set(handoffs.map((entry) => entry.toolName));
  const extras = [...handoffs.map((entry) => handoffTool(entry, names, deps.transfer)), ...deps.builtIns];
  return buildProfile(
    {
      name: setup.name,
      system: setup.system,
      voice: setup.voice ?? inUse.voice,
      context: setup.context ?? inUse.context,
      model: setup.model === undefined || sameModel(setup.model, inUse.model) ? inUse.model : setup.model,
      sources: setup.sources,
      extras,
      handoffToolNames: names,
    },
    deps.report,
  );
}

/** How a handoff target reads: a `BidiAgent` as its options say, a plain target by its fields. @internal */
export function setupOf(target: BidiHandoffTarget): AgentSetup {
  const ofAgent = agentSetups.get(target);
  if (ofAgent !== undefined) return ofAgent();
  return {
    name: target.name,
    system: target.system,
    voice: target.voice,
    context: target.context,
    model: target.model === undefined ? undefined : toBidiModel(target.model),
    sources: target.tools ?? [],
    handoffs: target.handoffs ?? [],
  };
}

function sameModel(a: BidiModel, b: BidiModel): boolean {
  return a === b || (a.provider === b.provider && a.modelId === b.modelId);
}
