import type { Message } from '../spec/message/v1/message.js';
import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { FunctionTool, Tool } from '../tool/tool.js';
import type { CancelOptions, ToolAgent } from '../tool/tool-context.js';
import { checkModelVersion } from '../internal/check-model-version.js';
import { EventQueue } from '../internal/event-queue.js';
import { newId } from '../internal/new-id.js';
import { toToolDefinitions } from '../internal/tool-definitions.js';
import { userMessage } from '../messages/message-helpers.js';
import type { AgentHooks, HookName } from './agent-hooks.js';
import { AgentRunImpl } from './agent-run-impl.js';
import type { AgentOptions, AgentResult, AgentRun, RunOptions, StopCondition } from './agent-types.js';
import { HookRegistry } from './hook-registry.js';
import { runLoop } from './run-loop.js';
import { RunState } from './run-state.js';

const NO_MESSAGES: readonly Message[] = Object.freeze([]);
const NO_CONDITIONS: readonly StopCondition[] = Object.freeze([]);
/** Shared by agents without hooks; never added to. */
const NO_HOOKS = new HookRegistry();

/**
 * An agent: a model loop that runs the tools the model asks for — each response's calls as one
 * concurrent group — until the model is done, a stop condition holds, or the run is cancelled.
 *
 * One `Agent` can run many conversations, also at once; it holds tools, hooks and settings, while
 * each `run()` holds its own messages. `agent.cancel()` cancels every active run; inside a tool,
 * `ctx.agent.cancel()` cancels just that tool's run.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools: [weather], system: 'Be brief.' });
 * await using run = agent.run(model, [userMessage('Weather in Oslo?')]);
 * for await (const event of run) if (event.type === 'text-delta') process.stdout.write(event.chunk);
 * const { stopReason, text, usage } = await run.result;
 * ```
 */
export class Agent implements ToolAgent {
  readonly options: AgentOptions;
  /** The executable function tools, by name. */
  readonly tools: ReadonlyMap<string, FunctionTool>;
  // Kept small on purpose: a finished agent should cost little memory (apps hold thousands).
  private readonly stopWhen: readonly StopCondition[];
  private hooks: HookRegistry | undefined;
  private active: Set<RunState> | undefined;
  private lastMessages: readonly Message[] = NO_MESSAGES;

  /** @throws TypeError for an invalid or duplicate tool name, or a `maxSteps` that is not a positive integer. */
  constructor(options: AgentOptions = {}) {
    this.options = options;
    const tools = options.tools ?? [];
    toToolDefinitions(tools); // validates names (rule and uniqueness) now, not at the first run
    const map = new Map<string, FunctionTool>();
    for (const tool of tools as readonly Tool[]) if (tool.kind === 'function') map.set(tool.name, tool);
    this.tools = map;
    const maxSteps = options.maxSteps ?? 20;
    if (!Number.isInteger(maxSteps) || maxSteps < 1) {
      throw new TypeError(`Agent: maxSteps must be a positive integer, got ${String(maxSteps)}.`);
    }
    const start = options.toolExecution?.start;
    if (start !== undefined && start !== 'after-response' && start !== 'eager') {
      throw new TypeError(`Agent: toolExecution.start must be 'after-response' or 'eager', got ${String(start)}.`);
    }
    const concurrency = options.toolExecution?.concurrency;
    if (concurrency !== undefined && concurrency !== 'sequential' && !(Number.isInteger(concurrency) && concurrency >= 1)) {
      throw new TypeError(`Agent: toolExecution.concurrency must be a positive integer or 'sequential', got ${String(concurrency)}.`);
    }
    this.stopWhen =
      options.stopWhen === undefined ? NO_CONDITIONS : Array.isArray(options.stopWhen) ? options.stopWhen : [options.stopWhen as StopCondition];
    for (const [name, fn] of Object.entries(options.hooks ?? {}) as [HookName, AgentHooks[HookName]][]) {
      if (fn !== undefined) this.on(name, fn);
    }
  }

  /** The messages of the most recent run (live while it runs). */
  get messages(): readonly Message[] {
    return this.lastMessages;
  }

  /**
   * Registers a hook; returns a function that removes it.
   * @example
   * ```ts
   * const off = agent.on('beforeToolCall', (event) => { if (event.toolCall.toolName === 'rm') event.cancel = 'Not allowed.'; });
   * ```
   */
  on<K extends HookName>(name: K, hook: AgentHooks[K]): () => void {
    this.hooks ??= new HookRegistry();
    return this.hooks.add(name, hook);
  }

  /**
   * Starts a run. Pass a string for a single user message. The run starts at once; iterate it for
   * events and/or await `run.result`.
   */
  run(model: LanguageModelV1, messages: string | readonly Message[], options: RunOptions = {}): AgentRun {
    checkModelVersion(model);
    const runId = newId('run');
    const state = new RunState(typeof messages === 'string' ? [userMessage(messages)] : messages);
    this.lastMessages = state.messages;
    const queue = new EventQueue<AgentEvent>();
    const external = options.signal;
    const onAbort = (): void => state.cancel();
    if (external?.aborted === true) state.cancel();
    else external?.addEventListener('abort', onAbort, { once: true });
    (this.active ??= new Set()).add(state);

    const result: Promise<AgentResult> = runLoop({
      model,
      tools: this.tools,
      toolDefinitions: toToolDefinitions(this.options.tools ?? []),
      options: this.options,
      stopWhen: this.stopWhen,
      // Resolved per call, so hooks added with on() while a run is going apply to it too.
      hooks: { has: (name) => this.hooks?.has(name) ?? false, run: (name, event) => (this.hooks ?? NO_HOOKS).run(name, event) },
      runId,
      state,
      invocationState: options.invocationState ?? {},
      emit: (event) => queue.push(event),
    }).then(
      (value) => {
        if (this.lastMessages === state.messages) this.lastMessages = value.messages;
        cleanup();
        queue.end();
        return value;
      },
      (error: unknown) => {
        cleanup();
        queue.end({ error });
        throw error;
      },
    );
    const cleanup = (): void => {
      external?.removeEventListener('abort', onAbort);
      this.active?.delete(state);
      if (this.active?.size === 0) this.active = undefined;
      state.deferred = undefined;
    };
    return new AgentRunImpl(runId, queue, result, () => state.cancel());
  }

  /**
   * Cancels every active run. Immediate by default (running tools' signals abort, they get `cancelled`
   * results, `stopReason: 'cancelled'`); with `afterCurrentTools: true` the current tool group finishes,
   * its results are recorded, and the run ends with `stopReason: 'endTurn'`. A `message` is appended as
   * the final assistant message.
   */
  cancel(options?: CancelOptions): void {
    for (const state of this.active ?? []) state.cancel(options);
  }
}

