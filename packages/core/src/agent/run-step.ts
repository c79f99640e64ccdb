import type { Message } from '../spec/message/v1/message.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { ToolCall } from '../events/agent-event.js';
import type { ToolCallHooks } from '../hooks/tool-call-hooks.js';
import type { ModelCallOutcome } from '../model-call/call-model.js';
import { ToolGroup, type ToolGroupSetup } from '../tool-runtime/tool-group.js';
import type { AfterToolsEvent } from '../hooks/agent-hooks.js';
import type { ModelCallTraceOutcome } from '../telemetry/telemetry.js';
import type { ToolSnapshot } from './tool-catalog.js';
import type { RunProgress } from './run-context.js';
import { addStepUsage } from './run-usage.js';
import { cutOffReason, decideStep, type StepDecision, type StepFacts } from './step-decision.js';
import { traceSafely } from './trace-run.js';
import { pairLateCancel, recordPause } from './record-pause.js';
import { toolMessage } from './tool-message.js';
import type { InputGuard } from '../guardrails/input-guard.js';
import type { GuardrailTrip } from '../guardrails/guardrail.js';

type Settled = Exclude<ModelCallOutcome, { type: 'failed' }>;

/** Which calls are left to the caller (tools without `execute`), and which of those ask approval first. */
interface PendingRules {
  /** Whether any tool of the step has no `execute` (else no call is pending and none asks the caller's approval). */
  readonly any: boolean;
  readonly isPending: (call: ToolCall) => boolean;
  readonly asksApproval: (call: ToolCall) => boolean;
}

/** Where a failing step got to, so it can leave history paired. */
interface StepScope {
  calls: readonly ToolCall[];
  assistantRecorded: boolean;
  groupFinished: boolean;
}

/**
 * One step: model call → tool group → decision. Returns how the step ends; rejects when the model call
 * or a hook fails, after every call of the recorded response has its result in history. @internal
 */
export async function runStep(progress: RunProgress, step: number, request: ModelRequest, tools: ToolSnapshot, guard?: InputGuard): Promise<StepDecision> {
  const { config } = progress;
  config.emit({ type: 'step-start', runId: config.runId, step });
  const group = newGroup(progress, step, tools);
  const isPending = (call: ToolCall): boolean => tools.byName.get(call.toolName)?.execute === undefined && tools.byName.has(call.toolName);
  const asksApproval = (call: ToolCall): boolean => isPending(call) && tools.byName.get(call.toolName)?.needsApproval !== undefined;
  const eager = config.options.toolExecution?.start === 'eager';
  const modelTrace = traceSafely(() => progress.trace?.startModelCall({ step, model: config.model, request }));
  // Under input guardrails the first call aborts on a tripwire, and eager calls wait for the verdict.
  const start = guard === undefined ? (call: ToolCall) => group.start(call) : (call: ToolCall) => guard.hold(() => group.start(call));
  const outcome = await progress.context.call(request, guard?.signal ?? config.state.abort.signal, {
    runId: config.runId,
    step,
    emit: config.emit,
    onToolCall: eager ? (call) => (isPending(call) ? undefined : start(call)) : undefined,
  });
  traceSafely(() => modelTrace?.end(traceOutcome(outcome)));
  const blocked = await guard?.verdict();
  if (blocked !== undefined) return inputTripped(progress, group, outcome, blocked);
  if (outcome.type === 'failed') {
    // Nothing of a failed response enters history: eagerly started calls are stopped, the rest never ran.
    group.abort(outcome.error);
    await group.settle();
    group.finish([]);
    throw outcome.error;
  }
  const scope: StepScope = { calls: outcome.calls, assistantRecorded: false, groupFinished: false };
  try {
    return await settleStep(progress, step, outcome, group, { any: hasPendingTools(tools), isPending, asksApproval }, scope);
  } catch (error) {
    await leavePaired(progress, group, scope, error);
    throw error;
  }
}

async function settleStep(
  progress: RunProgress,
  step: number,
  outcome: Settled,
  group: ToolGroup,
  pending: PendingRules,
  scope: StepScope,
): Promise<StepDecision> {
  const { isPending, asksApproval } = pending;
  const { config } = progress;
  const { state, runId } = config;
  const calls = outcome.calls;
  // slice(): an exact-size array — push-grown arrays keep spare capacity for as long as history lives.
  const assistant: Message = { role: 'assistant', parts: outcome.parts.slice() };
  if (outcome.type === 'complete' || outcome.parts.length > 0) {
    scope.assistantRecorded = true;
    await progress.recorder.record(assistant, step);
  }
  const cutOff = outcome.type === 'complete' ? cutOffReason(outcome.finishReason) : undefined;
  if (outcome.type === 'complete') {
    addStepUsage(progress, outcome.usage);
    if (config.hooks.has('afterModelCall')) await config.hooks.run('afterModelCall', { runId, step, message: assistant, toolCalls: calls });
    if (cutOff !== undefined) group.abort(new Error(`The response ended with "${outcome.finishReason}"; its tool calls were not run.`));
  }
  const proceeds = outcome.type === 'complete' && cutOff === undefined;
  const runnable = !proceeds ? [] : pending.any ? calls.filter((call) => !isPending(call)) : calls;
  if (proceeds && pending.any) {
    for (const call of calls) if (asksApproval(call)) group.askApprovalForCaller(call);
  }
  await group.settle(runnable);
  throwIfHookFailed(progress);
  // A call stays pending for the caller unless its approval was refused (then it has a result).
  const waitsForCaller = (call: ToolCall): boolean => isPending(call) && !group.hasOutcome(call) && group.interruption(call) === undefined;
  const interrupted = proceeds && group.anyInterrupted ? calls.filter((call) => group.interruption(call) !== undefined) : [];

  const facts: StepFacts = {
    response: outcome.type === 'complete' ? { type: 'complete', finishReason: outcome.finishReason } : { type: 'aborted' },
    cancelled: state.cancelled,
    cancelMessage: state.cancelMessage,
    deferred: state.deferred,
    callCount: calls.length,
    pendingCount: proceeds && pending.any ? calls.filter(waitsForCaller).length : 0,
    interruptedCount: interrupted.length,
  };
  const decision = decideStep(facts);
  const keepPending = stillPending(decision, group, waitsForCaller);
  scope.groupFinished = true;
  const results = group.finish(calls, keepPending).map((settled) => settled.result);
  const interruptions = decision.type === 'end' && decision.stopReason === 'interrupted' ? await recordPause(progress, group, interrupted) : [];
  if (results.length > 0) await progress.recorder.record(toolMessage(results), step);
  const late = keepPending === undefined ? undefined : await lateCancel(progress, step, calls.filter(keepPending));
  if (late !== undefined) return late;
  if (outcome.type === 'complete') {
    progress.steps.push({ step, finishReason: outcome.finishReason, usage: outcome.usage, message: assistant, toolCalls: calls, toolResults: results });
    config.emit({ type: 'step-end', runId, step, finishReason: outcome.finishReason, usage: outcome.usage });
  }
  if (decision.type !== 'after-group') return decision.type === 'end' && interruptions.length > 0 ? { ...decision, interruptions } : decision;

  await runAfterTools(progress, step, results);
  const stopConditionMet = !state.cancelled && state.deferred === undefined && (await stopConditionHolds(progress));
  return decideStep({
    ...facts,
    cancelled: state.cancelled,
    cancelMessage: state.cancelMessage,
    deferred: state.deferred,
    afterGroup: { stopConditionMet, step, maxSteps: config.options.maxSteps ?? 20 },
  });
}

async function runAfterTools(progress: RunProgress, step: number, results: readonly ToolResult[]): Promise<void> {
  const { config } = progress;
  if (!config.hooks.has('afterTools')) return;
  const event: AfterToolsEvent = { runId: config.runId, step, results, messages: config.state.messages };
  await config.hooks.run('afterTools', event);
  // `endTurn: true` adds no text of its own, so a pending end's message (e.g. the stop tool's) still ends the run.
  if (event.endTurn !== undefined) config.state.deferEnd(event.endTurn === true ? undefined : event.endTurn, true);
}

async function stopConditionHolds(progress: RunProgress): Promise<boolean> {
  const { config } = progress;
  for (const condition of config.stopWhen) {
    if (await condition({ steps: progress.steps, messages: config.state.messages, usage: progress.usage })) return true;
  }
  return false;
}

/** A hook or store failed mid-step: stop the group and pair every recorded call before the run rejects. */
async function leavePaired(progress: RunProgress, group: ToolGroup, scope: StepScope, error: unknown): Promise<void> {
  group.abort(error);
  await group.settle();
  if (scope.groupFinished) return;
  const outcomes = group.finish(scope.assistantRecorded ? scope.calls : []);
  if (scope.assistantRecorded && outcomes.length > 0) await progress.recorder.recordQuietly(toolMessage(outcomes.map((outcome) => outcome.result)));
}

/** An input guardrail tripped: nothing of the response enters history and none of its calls runs. */
async function inputTripped(progress: RunProgress, group: ToolGroup, outcome: ModelCallOutcome, guardrail: GuardrailTrip): Promise<StepDecision> {
  if (outcome.type === 'complete') addStepUsage(progress, outcome.usage);
  group.abort(new Error(`Input guardrail "${guardrail.name}" tripped; the response's tool calls were not run.`));
  await group.settle();
  group.finish([]);
  return { type: 'end', stopReason: 'guardrail', guardrail };
}

/** Which calls stay without a result when the step ends: pending for the caller (`toolUse`), or waiting for a person too (`interrupted`). */
function stillPending(decision: StepDecision, group: ToolGroup, waitsForCaller: (call: ToolCall) => boolean): ((call: ToolCall) => boolean) | undefined {
  if (decision.type !== 'end') return undefined;
  if (decision.stopReason === 'toolUse') return waitsForCaller;
  if (decision.stopReason === 'interrupted') return (call) => waitsForCaller(call) || group.interruption(call) !== undefined;
  return undefined;
}

/** An immediate cancel that landed while the step's last messages were recorded ends the run `cancelled`. @internal */
export async function lateCancel(progress: RunProgress, step: number, pending: readonly ToolCall[]): Promise<StepDecision | undefined> {
  const { state } = progress.config;
  if (!state.cancelled) return undefined;
  await pairLateCancel(progress, step, pending);
  return { type: 'end', stopReason: 'cancelled', finalText: state.cancelMessage };
}

/** Tool lists without a tool for the caller (no `execute`), by snapshot: most have none, and then a step skips its pending checks. */
const noPendingTools = new WeakSet<ToolSnapshot>();
const somePendingTools = new WeakSet<ToolSnapshot>();

function hasPendingTools(tools: ToolSnapshot): boolean {
  if (noPendingTools.has(tools)) return false;
  if (somePendingTools.has(tools)) return true;
  let any = false;
  for (const tool of tools.byName.values()) if (tool.execute === undefined) any = true;
  (any ? somePendingTools : noPendingTools).add(tools);
  return any;
}

/** The group of one step (or of a resume), wired to the run. @internal */
export function newGroup(progress: RunProgress, step: number, tools: ToolSnapshot, resume?: Pick<ToolGroupSetup, 'preApproved' | 'nestedResume'>): ToolGroup {
  const { config } = progress;
  const trace = progress.trace;
  const group = new ToolGroup({
    ...resume,
    tools: tools.byName,
    agent: config.state,
    messages: config.state.messages,
    invocationState: config.invocationState,
    requestState: {},
    runId: config.runId,
    step,
    parentSignal: config.state.abort.signal,
    emit: config.emit,
    // A throwing afterToolCall ends the run (as a model error does): the group stops, the step rejects.
    hooks: toolCallHooks(progress, (error) => {
      progress.hookFailure ??= { error };
      group.abort(error);
    }),
    approvals: config.approvals,
    concurrency: concurrencyOf(config.options.toolExecution?.concurrency),
    startTrace: trace === undefined ? undefined : (calls) => trace.startToolGroup({ step, calls }),
    approvalTimeoutMs: config.options.approvalTimeoutMs,
    idempotencyScope: config.idempotencyScope,
    endsAfterGroup: () => config.state.deferred !== undefined,
    abandoned: (label, promise) => config.work.track(label, promise),
  });
  config.state.onDeferred = () => group.checkDeferredEnd();
  return group;
}

/** Rejects with the error of an `afterToolCall` hook that threw in the group just settled. @internal */
export function throwIfHookFailed(progress: RunProgress): void {
  const failure = progress.hookFailure;
  if (failure === undefined) return;
  progress.hookFailure = undefined;
  throw failure.error;
}

function toolCallHooks(progress: RunProgress, onAfterFailure: (error: unknown) => void): ToolCallHooks | undefined {
  const { hooks } = progress.config;
  const before = hooks.has('beforeToolCall');
  const after = hooks.has('afterToolCall');
  if (!before && !after) return undefined;
  return {
    ...(before ? { beforeToolCall: (event) => hooks.run('beforeToolCall', event) } : {}),
    ...(after
      ? {
          afterToolCall: (event) =>
            hooks.run('afterToolCall', event).catch((error: unknown) => {
              onAfterFailure(error);
              throw error;
            }),
        }
      : {}),
  };
}

function concurrencyOf(concurrency: number | 'sequential' | undefined): number | undefined {
  return concurrency === 'sequential' ? 1 : concurrency;
}

function traceOutcome(outcome: ModelCallOutcome): ModelCallTraceOutcome {
  const message: Message = { role: 'assistant', parts: outcome.parts };
  if (outcome.type === 'complete') {
    return { type: 'complete', finishReason: outcome.finishReason, usage: outcome.usage, message, answeredBy: outcome.answeredBy };
  }
  if (outcome.type === 'aborted') return { type: 'aborted', message };
  return { type: 'error', error: outcome.error };
}

