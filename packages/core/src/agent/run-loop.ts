import type { Message } from '../spec/message/v1/message.js';
import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ToolDefinition } from '../spec/language-model/v1/tool-definition.js';
import type { FinishReason, Usage } from '../spec/language-model/v1/usage.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { AgentEvent, ToolCall } from '../events/agent-event.js';
import type { FunctionTool } from '../tool/tool.js';
import { linkedAbort } from '../internal/linked-abort.js';
import { addUsage, ZERO_USAGE } from '../internal/usage.js';
import { messageText } from '../messages/message-helpers.js';
import { collectResponse, emptyResponse, type CollectedResponse } from '../model-call/collect-response.js';
import { ToolGroupRunner } from '../tool-runtime/tool-group-runner.js';
import type { ToolCallHooks, ToolCallOutcome } from '../tool-runtime/tool-run-context.js';
import type { AgentOptions, AgentResult, StepResult, StopCondition, StopReason } from './agent-types.js';
import type { HookRegistry } from './hook-registry.js';
import type { RunState } from './run-state.js';

/** Everything one run needs. @internal */
export interface LoopConfig {
  readonly model: LanguageModelV1;
  readonly tools: ReadonlyMap<string, FunctionTool>;
  readonly toolDefinitions: readonly ToolDefinition[];
  readonly options: AgentOptions;
  readonly stopWhen: readonly StopCondition[];
  readonly hooks: Pick<HookRegistry, 'has' | 'run'>;
  readonly runId: string;
  readonly state: RunState;
  readonly invocationState: Record<string, unknown>;
  readonly emit: (event: AgentEvent) => void;
}

const CUT_OFF: Partial<Record<FinishReason, StopReason>> = {
  length: 'maxTokens',
  'content-filter': 'contentFilter',
  error: 'error',
};

/** The agent loop: model call → tool group → … until a stop reason. Rejects only when a model call fails. @internal */
export async function runLoop(config: LoopConfig): Promise<AgentResult> {
  const { state, hooks, runId, emit, options } = config;
  const messages = state.messages;
  const maxSteps = options.maxSteps ?? 20;
  const steps: StepResult[] = [];
  let usage: Usage = ZERO_USAGE;
  const toolHooks = toolCallHooks(hooks);

  const append = async (message: Message, step: number): Promise<void> => {
    messages.push(message);
    if (hooks.has('messageAdded')) await hooks.run('messageAdded', { runId, step, message });
  };
  const finish = async (stopReason: StopReason, step: number, finalText?: string): Promise<AgentResult> => {
    if (finalText !== undefined && finalText !== '') {
      await append({ role: 'assistant', parts: [{ type: 'text', text: finalText }] }, step);
    }
    const message = lastAssistant(messages);
    // An exact-size copy: the live array has spare capacity from its pushes, and results are often kept.
    return { stopReason, message, messages: messages.slice(), text: messageText(message), usage, steps };
  };

  for (let step = 1; ; step++) {
    if (state.abort.signal.aborted) return finish('cancelled', step - 1, state.cancelMessage);
    const deferredAtStart = state.deferredEnd();
    if (deferredAtStart !== undefined) return finish('endTurn', step - 1, deferredAtStart.message);
    emit({ type: 'step-start', runId, step });

    let request: ModelRequest = {
      messages: messages.slice(),
      tools: config.toolDefinitions,
      ...requestSettings(options),
    };
    if (hooks.has('beforeModelCall')) {
      const event = { runId, step, request };
      await hooks.run('beforeModelCall', event);
      request = event.request;
    }

    const group = linkedAbort(state.abort.signal);
    const runner = new ToolGroupRunner(
      {
        tools: config.tools,
        agent: state,
        messages,
        invocationState: config.invocationState,
        requestState: {},
        runId,
        step,
        signal: group.signal,
        emit,
        hooks: toolHooks,
      },
      concurrencyOf(options),
    );
    const eager = options.toolExecution?.start === 'eager';
    const isPending = (call: ToolCall): boolean => config.tools.get(call.toolName)?.execute === undefined && config.tools.has(call.toolName);
    const response: CollectedResponse = emptyResponse();
    try {
      await collectResponse(config.model, request, state.abort.signal, {
        runId,
        step,
        emit,
        onToolCall: eager ? (call) => (isPending(call) ? undefined : runner.start(call)) : undefined,
      }, response);
    } catch (error) {
      group.controller.abort(error);
      if (!state.abort.signal.aborted) {
        await runner.finish(response.toolCalls.filter((call) => !isPending(call)));
        group.dispose();
        throw error;
      }
      // Cancelled mid-response: keep what arrived, pair its calls with cancelled results.
      if (response.parts.length > 0) await append({ role: 'assistant', parts: response.parts }, step);
      const outcomes = await runner.finish(response.toolCalls);
      group.dispose();
      if (outcomes.length > 0) await append(toolMessage(outcomes.map((outcome) => outcome.result)), step);
      return finish('cancelled', step, state.cancelMessage);
    }

    const finishReason = response.finishReason as FinishReason;
    const stepUsage = response.usage as Usage;
    usage = addUsage(usage, stepUsage);
    // slice(): an exact-size array — push-grown arrays keep spare capacity for as long as history lives.
    const assistant: Message = { role: 'assistant', parts: response.parts.slice() };
    const calls = response.toolCalls;
    const cutOff = CUT_OFF[finishReason];
    let executable = calls;
    let outcomes: ToolCallOutcome[];
    try {
      await append(assistant, step);
      if (hooks.has('afterModelCall')) {
        await hooks.run('afterModelCall', { runId, step, message: assistant, toolCalls: response.toolCalls });
      }
      if (cutOff !== undefined) group.controller.abort(new Error(`The response ended with "${finishReason}"; its tool calls were not run.`));
      executable = cutOff === undefined ? calls.filter((call) => !isPending(call)) : calls;
      outcomes = await runner.finish(executable);
      // Cancelled during the group: calls pending for the caller get cancelled results too (no unpaired call).
      if (executable.length < calls.length && state.abort.signal.aborted) outcomes = await runner.finish(calls);
    } catch (error) {
      // A hook threw: stop the group's tools and pair every call before the run rejects.
      group.controller.abort(error);
      const paired = await runner.finish(calls);
      group.dispose();
      if (messages.at(-1) === assistant && paired.length > 0) messages.push(toolMessage(paired.map((outcome) => outcome.result)));
      throw error;
    }
    group.dispose();
    const results = outcomes.map((outcome) => outcome.result);
    if (results.length > 0) await append(toolMessage(results), step);
    steps.push({ step, finishReason, usage: stepUsage, message: assistant, toolCalls: calls, toolResults: results });
    emit({ type: 'step-end', runId, step, finishReason, usage: stepUsage });

    if (cutOff !== undefined) return finish(cutOff, step);
    if (state.abort.signal.aborted) return finish('cancelled', step, state.cancelMessage);
    if (calls.length === 0) return finish('endTurn', step, state.deferredEnd()?.message);
    if (executable.length < calls.length) return finish('toolUse', step);

    if (hooks.has('afterTools')) {
      const event: { runId: string; step: number; results: readonly ToolResult[]; messages: readonly Message[]; endTurn?: string | true } = {
        runId,
        step,
        results,
        messages,
      };
      await hooks.run('afterTools', event);
      // `endTurn: true` adds no text of its own, so a pending cancel's message (e.g. the stop tool's) still ends the run.
      if (event.endTurn !== undefined) return finish('endTurn', step, event.endTurn === true ? state.deferredEnd()?.message : event.endTurn);
    }
    const deferred = state.deferredEnd();
    if (deferred !== undefined) return finish('endTurn', step, deferred.message);
    for (const condition of config.stopWhen) {
      if (await condition({ steps, messages, usage })) return finish('endTurn', step);
    }
    if (step >= maxSteps) return finish('maxSteps', step);
  }
}

function requestSettings(options: AgentOptions): Omit<ModelRequest, 'messages' | 'tools'> {
  const settings: { -readonly [K in keyof Omit<ModelRequest, 'messages' | 'tools'>]: ModelRequest[K] } = {};
  if (options.system !== undefined) settings.system = options.system;
  if (options.toolChoice !== undefined) settings.toolChoice = options.toolChoice;
  if (options.maxOutputTokens !== undefined) settings.maxOutputTokens = options.maxOutputTokens;
  if (options.temperature !== undefined) settings.temperature = options.temperature;
  if (options.providerOptions !== undefined) settings.providerOptions = options.providerOptions;
  return settings;
}

function concurrencyOf(options: AgentOptions): number | undefined {
  const concurrency = options.toolExecution?.concurrency;
  if (concurrency === 'sequential') return 1;
  return concurrency;
}

function toolCallHooks(hooks: Pick<HookRegistry, 'has' | 'run'>): ToolCallHooks {
  return {
    beforeToolCall: (event) => hooks.run('beforeToolCall', event),
    afterToolCall: (event) => hooks.run('afterToolCall', event),
  };
}

function toolMessage(results: readonly ToolResult[]): Message {
  return {
    role: 'tool',
    parts: results.map((result) => ({
      type: 'tool-result',
      toolCallId: result.toolCallId,
      toolName: result.toolName,
      status: result.status,
      result: result.result,
      modelInput: result.modelInput,
    })),
  };
}

function lastAssistant(messages: readonly Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'assistant') return messages[i];
  return undefined;
}
