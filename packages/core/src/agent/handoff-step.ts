import { workHooks } from './run-work.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ContextManager } from '../context/context-manager.js';
import { composeContext } from '../context/compose-context.js';
import { ContextRunner } from '../context/context-runner.js';
import { toLanguageModel } from '../provider-registry/to-language-model.js';
import type { Handoff } from '../handoff/handoff.js';
import { AGENT_PARTS, type AgentParts, type HandoffAgent } from '../handoff/handoff-agent.js';
import { lastTransfer } from '../handoff/active-agent.js';
import type { LoopConfig, RunProgress } from './run-context.js';

/**
 * After a step: when its group made a transfer (the call's success result is in history), emits the
 * `handoff` event and makes the target active for the next model call. @internal
 */
export function applyTransfer(progress: RunProgress, step: number): void {
  const handoffs = progress.config.handoffs;
  const transfer = handoffs?.takeTransfer();
  if (handoffs === undefined || transfer === undefined) return;
  if (!recordedAsSuccess(progress.config.state.messages, transfer.toolCallId)) return;
  const { config } = progress;
  const to = transfer.handoff.target[AGENT_PARTS]();
  config.emit({ type: 'handoff', runId: config.runId, step, from: transfer.from, to: to.name, toolCallId: transfer.toolCallId });
  activate(progress, to, transfer.handoff);
}

/**
 * Before the first model call (and after a resumed group): the agent the history was last handed to
 * becomes active, so a later run on any agent of the graph continues with it. `upTo` limits the history
 * read (a paused group is settled by the agent that made it). @internal
 */
export function restoreActiveAgent(progress: RunProgress, upTo?: number): void {
  const handoffs = progress.config.handoffs;
  if (handoffs === undefined) return;
  const messages = progress.config.state.messages;
  const name = lastTransfer(upTo === undefined ? messages : messages.slice(0, upTo), (toolName, target) => handoffs.isTransfer(toolName, target));
  if (name === undefined || name === handoffs.active.name) return;
  const parts = handoffs.find(name);
  if (parts !== undefined) activate(progress, parts);
}

/** Makes `parts` the active agent: its model (else the run's), tools, hooks, settings and context manager. */
function activate(progress: RunProgress, parts: AgentParts, via?: Handoff<HandoffAgent>): void {
  const config = progress.config;
  const handoffs = config.handoffs;
  if (handoffs === undefined) return;
  handoffs.activate(parts, via);
  const model = parts === handoffs.entry || parts.options.model === undefined ? handoffs.runModel : toLanguageModel(parts.options.model);
  const next: LoopConfig = {
    ...config,
    model,
    catalog: handoffs.source,
    // Hooks run as the run's labelled work, so a cancel can abandon one that never settles (cancelGraceMs).
    hooks: workHooks(parts.hooks, config.work),
    // The run's step cap is the entry agent's; everything else is the active agent's.
    options: { ...parts.options, maxSteps: handoffs.entry.options.maxSteps },
  };
  progress.config = next;
  progress.context = new ContextRunner({
    manager: contextOf(parts.options.context, handoffs.inputFilter),
    model,
    history: config.state.messages,
    signal: config.state.abort.signal,
    record: (message, step) => progress.recorder.record(message, step),
  });
  config.state.model = model;
}

function contextOf(manager: ContextManager | undefined, inputFilter: Handoff['inputFilter']): ContextManager | undefined {
  if (inputFilter === undefined) return manager;
  const filter: ContextManager = { prepare: async (messages) => (await inputFilter(messages)).slice() };
  return manager === undefined ? filter : composeContext(filter, manager);
}

function recordedAsSuccess(messages: readonly Message[], toolCallId: string): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'tool') continue;
    for (const part of message.parts) if (part.type === 'tool-result' && part.toolCallId === toolCallId) return part.status === 'success';
  }
  return false;
}
