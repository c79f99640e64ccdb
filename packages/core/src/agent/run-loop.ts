import type { Message } from '../spec/message/v1/message.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import { ZERO_USAGE } from '../util/usage.js';
import { messageText } from '../messages/message-helpers.js';
import { parseOutput } from '../output/structured-output.js';
import { answeredCallIds, repairHistory } from '../session/repair-history.js';
import { mergeApprovalRecords } from '../session/approval-records.js';
import { planResume } from './resume-plan.js';
import { resumeGroup } from './resume-group.js';
import type { AgentResult } from './agent-types.js';
import { buildRequest } from './build-request.js';
import type { LoopConfig, RunProgress } from './run-context.js';
import { RunRecorder } from './run-recorder.js';
import { runStep } from './run-step.js';
import type { ToolSnapshot } from './tool-catalog.js';
import type { StepDecision } from './step-decision.js';
import { startRunTrace, traceSafely } from './trace-run.js';
import { ContextRunner } from '../context/context-runner.js';
import { withMessageIds } from '../context/with-message-ids.js';
import { InputGuard } from '../guardrails/input-guard.js';
import { checkOutput } from './output-guardrails.js';
import { reportGuardrail } from './report-guardrail.js';
import { applyTransfer, restoreActiveAgent } from './handoff-step.js';
import type { RunHooks } from './run-hooks.js';
import { systemClock } from '../clock/system-clock.js';
import { withCancelGrace } from './cancel-grace.js';
import { abandonRun } from './abandon-run.js';

/** How long a cancelled run waits for user code that has not settled (`cancelGraceMs`). */
const DEFAULT_CANCEL_GRACE_MS = 2_000;

type End = Extract<StepDecision, { type: 'end' }>;

/**
 * The agent loop: load history → for each step: checkpoint → request → model call → tool group →
 * decision, until the decision ends the run. Rejects only when a model call or a hook fails (after
 * pairing every call in history) or the final answer does not match the `output` schema. @internal
 */
export async function runLoop(config: LoopConfig): Promise<AgentResult<unknown>> {
  const trace = startRunTrace(config);
  // The active agent's hooks (a handoff changes them) see every message added.
  const hooks: RunHooks = { has: (name) => progress.config.hooks.has(name), run: (name, event) => progress.config.hooks.run(name, event) };
  const holdAnswers = (config.options.guardrails?.output?.length ?? 0) > 0;
  const recorder = new RunRecorder(config.state.messages, hooks, config.runId, config.session, config.options.context !== undefined, holdAnswers);
  const progress: RunProgress = {
    config,
    recorder,
    trace,
    context: new ContextRunner({
      manager: config.options.context,
      model: config.model,
      history: config.state.messages,
      signal: config.state.abort.signal,
      record: (message, step) => recorder.record(message, step),
    }),
    steps: [],
    usage: ZERO_USAGE,
  };
  try {
    // After an immediate cancel, user code that never settles holds the run at most `cancelGraceMs`.
    const graceMs = config.options.cancelGraceMs ?? DEFAULT_CANCEL_GRACE_MS;
    const clock = config.options.clock ?? systemClock;
    const result = await withCancelGrace(settledTools(loop(progress), config), config.state.abort.signal, clock, graceMs, () =>
      abandonRun(progress, config.work, graceMs),
    );
    traceSafely(() => trace?.end({ type: 'complete', stopReason: result.stopReason, usage: result.usage, message: result.message }));
    return result;
  } catch (error) {
    await recorder.releaseQuietly();
    traceSafely(() => trace?.end({ type: 'error', error }));
    throw error;
  }
}

/**
 * A cancelled run also waits for tools left running by the cancel (they ignored their signal), so one that
 * never settles is named when the grace runs out. Only a cancelled run waits: a group aborted for another
 * reason (a throwing hook) has no grace to bound the wait.
 */
function settledTools(run: Promise<AgentResult<unknown>>, config: LoopConfig): Promise<AgentResult<unknown>> {
  return run.then((result) => (config.state.abort.signal.aborted ? config.work.toolsSettled().then(() => result) : result));
}

async function loop(progress: RunProgress): Promise<AgentResult<unknown>> {
  await loadHistory(progress.config);
  // A paused group is settled first (a run without a session was checked when it started), by the agent that made it.
  const plan = progress.config.session === undefined ? progress.config.resume : planResume(progress.config.state.messages);
  restoreActiveAgent(progress, plan?.pending.holder);
  if (plan !== undefined) {
    const end = await resumeGroup(progress, plan);
    restoreActiveAgent(progress);
    if (end !== undefined) return finish(progress, end, 0);
  }
  const entry = progress.config;
  const guard = InputGuard.of({
    guardrails: entry.options.guardrails?.input ?? [],
    input: entry.input,
    history: entry.state.messages,
    signal: entry.state.abort.signal,
    report: (check) => reportGuardrail(progress, check, 0),
  });
  const blocked = await guard?.start();
  if (blocked !== undefined) return finish(progress, { type: 'end', stopReason: 'guardrail', guardrail: blocked }, 0);
  for (let step = 1; ; step++) {
    // Read each step: a handoff makes another agent's config the run's.
    const config = progress.config;
    const before = checkpoint(config);
    if (before !== undefined) return finish(progress, before, step - 1);
    const tools = config.catalog.current();
    const request = await prepareRequest(config, step, tools, progress.context);
    // Cancel is checked before every model call: a cancel from a hook ends the run without calling the provider.
    const gate = checkpoint(config);
    if (gate !== undefined) return finish(progress, gate, step - 1);
    const decision = await runStep(progress, step, request, tools, step === 1 ? guard : undefined);
    applyTransfer(progress, step);
    if (decision.type === 'end') return finish(progress, decision, step);
  }
}

/** Before a model call: an immediate cancel or a deferred end stops the run here. */
function checkpoint(config: LoopConfig): End | undefined {
  const { state } = config;
  if (state.cancelled) return { type: 'end', stopReason: 'cancelled', finalText: state.cancelMessage };
  if (state.deferred !== undefined) return { type: 'end', stopReason: 'endTurn', finalText: state.deferred.message };
  return undefined;
}

async function prepareRequest(config: LoopConfig, step: number, tools: ToolSnapshot, context: ContextRunner): Promise<ModelRequest> {
  let request = await context.prepare(buildRequest(config, tools), step);
  if (config.hooks.has('beforeModelCall')) {
    const event = { runId: config.runId, step, request };
    await config.hooks.run('beforeModelCall', event);
    request = event.request;
  }
  return request;
}

/** Loads and repairs the session's history before the input, and stores the input. */
async function loadHistory(config: LoopConfig): Promise<void> {
  const { session, state, input } = config;
  if (session === undefined) return;
  const stored = await session.store.load(session.id);
  const repaired = repairHistory(mergeApprovalRecords(stored), answeredCallIds(input));
  // With a context manager every message has an id (a compaction points at one); old stored ones may lack it.
  const history = config.options.context === undefined ? repaired : withMessageIds(repaired);
  state.messages.splice(0, 0, ...history);
  if (input.length > 0) await session.store.append(session.id, input);
}

async function finish(progress: RunProgress, end: End, step: number): Promise<AgentResult<unknown>> {
  const { config } = progress;
  const messages = config.state.messages;
  if (end.finalText !== undefined && end.finalText !== '') {
    await progress.recorder.record({ role: 'assistant', parts: [{ type: 'text', text: end.finalText }] }, step);
  }
  const message = lastAssistant(messages);
  const text = messageText(message);
  const output = config.output !== undefined && end.answered === true ? await parseOutput(config.output.schema, text) : undefined;
  const verdict = end.stopReason === 'guardrail' ? undefined : await checkOutput(progress, end.stopReason, text, output, step);
  const tripped = verdict?.type === 'tripped' ? verdict : undefined;
  const guardrail = tripped?.guardrail ?? end.guardrail;
  // An exact-size copy: the live array has spare capacity from its pushes, and results are often kept.
  return {
    stopReason: tripped !== undefined ? 'guardrail' : verdict?.type === 'cancelled' ? 'cancelled' : end.stopReason,
    message: tripped === undefined ? message : tripped.message,
    messages: messages.slice(),
    text: tripped === undefined ? text : messageText(tripped.message),
    usage: progress.usage,
    steps: progress.steps,
    output: tripped === undefined ? output : undefined,
    interruptions: end.interruptions ?? [],
    ...(guardrail === undefined ? {} : { guardrail }),
    lastAgent: config.handoffs?.active.agent ?? config.agent,
  };
}

function lastAssistant(messages: readonly Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'assistant') return messages[i];
  return undefined;
}

