import type { Message } from '../spec/message/v1/message.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { AgentHooks, HookName } from '../hooks/agent-hooks.js';
import { HookRegistry } from '../hooks/hook-registry.js';
import { EventQueue, UNREAD_EVENT_LIMIT } from '../util/event-queue.js';
import { newId } from '../util/new-id.js';
import { userMessage } from '../messages/message-helpers.js';
import { responseFormatOf } from '../output/structured-output.js';
import { toLanguageModel, type ModelReference } from '../provider-registry/to-language-model.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import type { CancelOptions, ToolAgent } from '../tool-definition/tool-context.js';
import { parentLink } from '../tool-runtime/nested-link.js';
import { PendingApprovals } from '../tool-runtime/pending-approvals.js';
import { planResume } from './resume-plan.js';
import { AgentRunImpl } from './agent-run-impl.js';
import type { AgentOptions, AgentResult, AgentRun, RunOptions, StopCondition } from './agent-types.js';
import { runLoop } from './run-loop.js';
import { RunState } from './run-state.js';
import { ToolCatalog } from './tool-catalog.js';
import { validateAgentOptions } from './validate-agent-options.js';
import { withMessageIds } from '../context/with-message-ids.js';
import { asError } from '../util/as-error.js';
import { RunWork } from './run-work.js';
import { trackedSession } from './tracked-session.js';

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
 * await using run = agent.run('openai:gpt-5', [userMessage('Weather in Oslo?')]);
 * for await (const event of run) if (event.type === 'text-delta') process.stdout.write(event.chunk);
 * const { stopReason, text, usage } = await run.result;
 * ```
 *
 * @category Agent
 */
export class Agent implements ToolAgent {
  readonly options: AgentOptions;
  // Kept small on purpose: a finished agent should cost little memory (apps hold thousands).
  private readonly catalog: ToolCatalog;
  private readonly stopWhen: readonly StopCondition[];
  private hooks: HookRegistry | undefined;
  private active: Set<RunState> | undefined;
  private lastMessages: readonly Message[] = NO_MESSAGES;

  /** @throws TypeError for an invalid or duplicate tool name, or invalid settings (`maxSteps`, `toolExecution`, tool `config`). */
  constructor(options: AgentOptions = {}) {
    validateAgentOptions(options);
    this.options = options;
    this.catalog = new ToolCatalog(options.tools);
    this.stopWhen =
      options.stopWhen === undefined ? NO_CONDITIONS : Array.isArray(options.stopWhen) ? options.stopWhen : [options.stopWhen as StopCondition];
    for (const [name, fn] of Object.entries(options.hooks ?? {}) as [HookName, AgentHooks[HookName]][]) {
      if (fn !== undefined) this.on(name, fn);
    }
  }

  /** The executable function tools, by name, as they are now (a live tool list such as an `McpToolset` may change). */
  get tools(): ReadonlyMap<string, FunctionTool> {
    return this.catalog.current().byName;
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
   * Starts a run. `model` is a `LanguageModel` or a `provider:model-id` string (resolved through the
   * provider registry); `messages` a string for a single user message, or messages. The run starts at
   * once; iterate it for events and/or await `run.result`.
   *
   * @throws `NoSuchProviderError` for a model string whose provider is not registered; `TypeError` for a
   * value that is not a model, or an `output` schema that cannot describe itself as JSON Schema.
   *
   * @example
   * ```ts
   * const run = agent.run('openai:gpt-5', 'Weather in Oslo?', { output: z.object({ summary: z.string() }) });
   * const { output } = await run.result;   // { summary: string } | undefined
   * ```
   */
  run<Output = undefined>(model: ModelReference, messages: string | readonly Message[], options: RunOptions<Output> = {}): AgentRun<Output> {
    const resolved = toLanguageModel(model);
    if (options.parent !== undefined && (typeof options.parent !== 'object' || options.parent === null)) {
      throw new TypeError('agent.run(…, { parent }): pass the ToolContext your tool\'s execute() received (its second argument).');
    }
    const parent = options.parent === undefined ? undefined : parentLink(options.parent);
    // A nested run that paused resumes from its own messages, which the outer call's resume carries.
    const given = parent?.resumeMessages ?? toMessages(messages);
    // With a context manager every message has an id (a compaction points at one).
    const input = this.options.context === undefined ? given : withMessageIds(given);
    const session = options.session ?? this.options.session;
    const mode = options.approvals ?? this.options.approvals ?? 'wait';
    if (mode !== 'wait' && mode !== 'interrupt') throw new TypeError(`agent.run(): approvals must be 'wait' or 'interrupt', got ${String(mode)}.`);
    // Without a session the history is the input: a response for an unknown or answered call throws here.
    const resume = session === undefined ? planResume(input) : undefined;
    const output = options.output === undefined ? undefined : { schema: options.output, responseFormat: responseFormatOf(options.output) };
    const runId = newId('run');
    const state = new RunState(input);
    this.lastMessages = state.messages;
    const queue = new EventQueue<AgentEvent>(UNREAD_EVENT_LIMIT);
    const external = options.signal;
    const onAbort = (): void => state.cancel();
    if (external?.aborted === true) state.cancel();
    else external?.addEventListener('abort', onAbort, { once: true });
    (this.active ??= new Set()).add(state);
    const approvals = new PendingApprovals(this.options.approve, { mode, parent: parent?.gate });
    // Hooks and store calls run as labelled work: a cancel that cannot wait any longer abandons them.
    const work = new RunWork();

    const cleanup = (): void => {
      external?.removeEventListener('abort', onAbort);
      this.active?.delete(state);
      if (this.active?.size === 0) this.active = undefined;
    };
    const result = runLoop({
      model: resolved,
      catalog: this.catalog,
      options: this.options,
      stopWhen: this.stopWhen,
      // Resolved per call, so hooks added with on() while a run is going apply to it too.
      hooks: {
        has: (name) => this.hooks?.has(name) ?? false,
        run: (name, event) => work.run(`hook ${name}`, () => (this.hooks ?? NO_HOOKS).run(name, event)),
      },
      runId,
      state,
      input,
      session: trackedSession(session, work),
      invocationState: options.invocationState ?? {},
      output,
      approvals,
      idempotencyScope: options.parent?.idempotencyKey ?? session?.id ?? runId,
      resume,
      emit: (event) => {
        if (work.observe(event)) queue.push(event);
      },
      work,
    }).then(
      (value) => {
        if (this.lastMessages === state.messages) this.lastMessages = value.messages;
        if (parent !== undefined && value.stopReason === 'interrupted') {
          parent.call.interruption = { requests: value.interruptions, messages: value.messages };
        }
        cleanup();
        queue.end();
        return value as AgentResult<Output>;
      },
      (thrown: unknown) => {
        // A thrown value that is not an Error (a hook's `throw 42`) is reported as `Error: 42`.
        const error = asError(thrown);
        cleanup();
        queue.end({ error });
        throw error;
      },
    );
    return new AgentRunImpl<Output>(runId, queue, result, () => state.cancel(), approvals);
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

function toMessages(messages: string | readonly Message[]): readonly Message[] {
  if (typeof messages === 'string') return [userMessage(messages)];
  if (!Array.isArray(messages)) {
    throw new TypeError('agent.run(model, messages): messages must be a string (one user message) or an array of messages.');
  }
  return messages;
}

/**
 * Makes `target` run the hooks of `source`: the ones given to its constructor and every hook added with
 * `source.on()` — also later. For sibling packages that run a user's agent through an agent of their own
 * (e.g. with wrapped tools); `target`'s own hooks are replaced. @internal
 *
 * @example
 * ```ts
 * const inner = new Agent({ ...agent.options, tools: wrapped });
 * shareHooks(agent, inner); // agent.on(...) now applies to inner's runs too
 * ```
 */
export function shareHooks(source: Agent, target: Agent): void {
  // Element access: the registry is private to Agent, and this is the one place outside the class that
  // may hand it over. Made now, so hooks added to `source` later land in the shared registry.
  source['hooks'] ??= new HookRegistry();
  target['hooks'] = source['hooks'];
}
