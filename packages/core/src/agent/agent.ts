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
import { sharedToolCatalog, type ToolCatalog } from './tool-catalog.js';
import { validateAgentOptions } from './validate-agent-options.js';
import { withMessageIds } from '../context/with-message-ids.js';
import type { RunHooks } from './run-hooks.js';
import { AGENT_PARTS, type AgentParts, type HandoffAgent } from '../handoff/handoff-agent.js';
import { HandoffSwitch, handoffsOf } from '../handoff/handoff-switch.js';
import { agentAsTool, type AsToolOptions } from './agent-as-tool.js';
import type { SubAgentBundle } from '../sub-agent/sub-agent-bundle.js';
import type { SubAgentPromptInput } from '../sub-agent/sub-agent-input.js';
import { asError } from '../util/as-error.js';
import { RunWork, workHooks } from './run-work.js';
import { trackedSession } from './tracked-session.js';

const NO_MESSAGES: readonly Message[] = Object.freeze([]);
const NO_CONDITIONS: readonly StopCondition[] = Object.freeze([]);
/** Shared by agents without hooks; never added to. */
const NO_HOOKS = new HookRegistry();
/**
 * Kept beside agents rather than on them (most agents have no handoffs, and a server holds thousands):
 * the agents connected to one by handoffs (itself included), absent while there are none; and the parts a
 * handoff run uses, made when first asked for.
 */
const GRAPHS = new WeakMap<Agent, Set<HandoffAgent>>();
const PARTS = new WeakMap<Agent, AgentParts>();

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
  // Kept small on purpose: a finished agent should cost little memory (apps hold thousands). What is the
  // same for every agent of one definition (the tool catalog) is shared; the rest is made when first used.
  private readonly catalog: ToolCatalog;
  private hooks: HookRegistry | undefined;
  private active: Set<RunState> | undefined;
  private lastMessages: readonly Message[] = NO_MESSAGES;

  /** @throws TypeError for an invalid or duplicate tool name, or invalid settings (`maxSteps`, `toolExecution`, tool `config`). */
  constructor(options: AgentOptions = {}) {
    validateAgentOptions(options);
    this.options = options;
    this.catalog = sharedToolCatalog(options.tools);
    for (const [name, fn] of Object.entries(options.hooks ?? {}) as [HookName, AgentHooks[HookName]][]) {
      if (fn !== undefined) this.on(name, fn);
    }
    this.joinHandoffs();
  }

  /** The agent's name (`name` option; default `agent`): `agentName` on its events, `transfer_to_<name>` for agents handing off to it. */
  get name(): string {
    return this.options.name ?? 'agent';
  }

  /** What the agent does (`description` option): the description of the tool other agents hand off to it with. */
  get description(): string | undefined {
    return this.options.description;
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
    this.joinHandoffs();
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
    state.model = resolved;
    this.lastMessages = state.messages;
    const queue = new EventQueue<AgentEvent>(UNREAD_EVENT_LIMIT);
    const handoffs = GRAPHS.has(this) ? new HandoffSwitch(this[AGENT_PARTS](), resolved, this.options.maxHandoffs ?? 10) : undefined;
    const ownName = this.name;
    // Every event names the agent that made it: the active one (a nested run's events keep their own).
    // Set in place, not copied: every event reaching here is the run's own fresh object (a tool's own event
    // is copied by its ctx.emit), and spreading events of so many shapes costs more than the rest of a call.
    const emit = (event: AgentEvent): void => {
      handoffs?.observe(event);
      if (event.agentName === undefined) (event as { agentName?: string }).agentName = handoffs?.active.name ?? ownName;
      queue.push(event);
    };
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
      catalog: handoffs?.source ?? this.catalog,
      options: this.options,
      stopWhen: stopConditions(this.options.stopWhen),
      // Resolved per call, so hooks added with on() while a run is going apply to it too.
      hooks: workHooks(this.runHooks(), work),
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
        if (work.observe(event)) emit(event);
      },
      agent: this,
      handoffs,
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
   * This agent as a tool another agent calls: each call runs this agent (its own `model`, else the
   * calling run's model) on the call's input — by default `{ prompt: string }`, which becomes the nested
   * run's user message. The calling model sees only the nested run's final text; the nested run's events
   * stream in the outer run (with `parentToolCallId`, folded by `SubAgentAggregator`), and its approval
   * requests are answered from the outer run (`run.approve(id)`, the outer `approve` option, or a pause
   * under `approvals: 'interrupt'`).
   *
   * @throws TypeError when the tool name (default the agent's `name`) is invalid or there is no description.
   *
   * @example
   * ```ts
   * const researcher = new Agent({ name: 'researcher', description: 'Researches a question and answers briefly.', tools: [search] });
   * const lead = new Agent({ tools: [researcher.asTool()] });
   * const { text } = await lead.run(model, 'Who maintains zod?').result;
   * ```
   */
  asTool(options: AsToolOptions<SubAgentPromptInput> = {}): FunctionTool<SubAgentPromptInput, SubAgentBundle> {
    return agentAsTool(this, options);
  }

  /** @internal What a run uses of this agent when it becomes active by a handoff. */
  [AGENT_PARTS](): AgentParts {
    let parts = PARTS.get(this);
    if (parts === undefined) {
      parts = {
        agent: this,
        name: this.name,
        options: this.options,
        catalog: this.catalog,
        hooks: this.runHooks(),
        graph: () => GRAPHS.get(this) ?? new Set([this]),
      };
      PARTS.set(this, parts);
    }
    return parts;
  }

  /** The hooks a run sees, resolved per call, so hooks added with on() while a run is going apply to it too. */
  private runHooks(): RunHooks {
    return { has: (name) => this.hooks?.has(name) ?? false, run: (name, event) => (this.hooks ?? NO_HOOKS).run(name, event) };
  }

  /** Checks the handoffs and joins this agent's graph with its targets' (read again at each run: targets may be added later). */
  private joinHandoffs(): void {
    // Without handoffs the parts are not made: most agents never need them.
    if (this.options.handoffs === undefined || this.options.handoffs.length === 0) return;
    const list = handoffsOf(this[AGENT_PARTS]());
    if (list.length === 0) return;
    const own = new Set<string>(this.catalog.current().byName.keys());
    const seen = new Set<string>();
    for (const entry of list) {
      if (own.has(entry.toolName) || seen.has(entry.toolName)) {
        throw new TypeError(`Agent "${this.name}": two tools would be named "${entry.toolName}" (a handoff and ${own.has(entry.toolName) ? 'a tool' : 'another handoff'}); pass handoff(target, { toolName }) with another name.`);
      }
      seen.add(entry.toolName);
    }
    const graph = GRAPHS.get(this) ?? new Set<HandoffAgent>([this]);
    for (const entry of list) {
      const target = entry.target;
      if (target instanceof Agent) for (const member of GRAPHS.get(target) ?? [target]) graph.add(member);
      else graph.add(target);
    }
    for (const member of graph) if (member instanceof Agent) GRAPHS.set(member, graph);
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

function stopConditions(stopWhen: AgentOptions['stopWhen']): readonly StopCondition[] {
  if (stopWhen === undefined) return NO_CONDITIONS;
  return Array.isArray(stopWhen) ? (stopWhen as readonly StopCondition[]) : [stopWhen as StopCondition];
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
