import type { Message } from '../spec/message/v1/message.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ToolChoice } from '../spec/language-model/v1/tool-definition.js';
import type { FinishReason, Usage } from '../spec/language-model/v1/usage.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { AgentEvent, ToolCall } from '../events/agent-event.js';
import type { Tool } from '../tool-definition/tool.js';
import type { AgentHooks } from '../hooks/agent-hooks.js';
import type { OutputSchema } from '../output/output-schema.js';
import type { SessionOptions } from '../session/session-store.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import type { CancelOptions, ToolContext } from '../tool-definition/tool-context.js';
import type { ApprovalRequest } from '../tool-runtime/approval.js';
import type { ApprovalMode, Approver } from '../tool-runtime/pending-approvals.js';
import type { ContextManager } from '../context/context-manager.js';
import type { AgentGuardrails, GuardrailTrip } from '../guardrails/guardrail.js';
import type { Handoff, HandoffTarget } from '../handoff/handoff.js';
import type { ModelReference } from '../provider-registry/to-language-model.js';
import type { Clock } from '../clock/clock.js';

/**
 * Why a run ended.
 * - `endTurn` — the model finished without calling tools, a tool/hook ended the turn, a stop condition
 *   held, or `cancel({ afterCurrentTools: true })` was honoured.
 * - `toolUse` — the model called tools that have no `execute`; those calls are pending for the caller.
 * - `maxSteps` — the step cap was reached while the model still wanted tools.
 * - `maxTokens` / `contentFilter` / `error` — the last response ended with `length` / `content-filter` / `error`.
 * - `cancelled` — the run was aborted or cancelled immediately.
 * - `interrupted` — calls wait for a person's approval (`approvals: 'interrupt'`): see `result.interruptions`,
 *   and resume by running again with `approvalResponse()` messages.
 * - `guardrail` — an input or output guardrail tripped: see `result.guardrail`.
 *
 * @category Agent
 */
export type StopReason = 'endTurn' | 'toolUse' | 'maxSteps' | 'maxTokens' | 'contentFilter' | 'cancelled' | 'error' | 'interrupted' | 'guardrail';

/**
 * How the calls of one tool group are run.
 *
 * @category Agent
 */
export interface ToolExecutionOptions {
  /**
   * `'after-response'` (default): start calls once the response has finished. `'eager'`: start each call
   * as soon as its `tool-end` arrives — so a call may already be running, or done, when the response turns
   * out cut off (`length`/`content-filter`/`error`) or the model call fails: a running call is then aborted
   * and gets a `cancelled` result, while one that already finished keeps its real result.
   */
  readonly start?: 'after-response' | 'eager';
  /** Maximum calls running at once within a group; `'sequential'` is 1. Default: unbounded. */
  readonly concurrency?: number | 'sequential';
}

/**
 * One finished step: a model response and the tool calls it led to.
 *
 * @category Agent
 */
export interface StepResult {
  readonly step: number;
  readonly finishReason: FinishReason;
  readonly usage: Usage;
  /** The assistant message of this step. */
  readonly message: Message;
  readonly toolCalls: readonly ToolCall[];
  readonly toolResults: readonly ToolResult[];
}

/**
 * What a stop condition sees after each step that ran tools.
 *
 * @category Agent
 */
export interface StopConditionState {
  readonly steps: readonly StepResult[];
  readonly messages: readonly Message[];
  /** Usage summed over the steps so far. */
  readonly usage: Usage;
}

/**
 * Returns true to end the run (with `stopReason: 'endTurn'`) instead of calling the model again.
 *
 * @category Agent
 */
export type StopCondition = (state: StopConditionState) => boolean | PromiseLike<boolean>;

/**
 * Options of `new Agent(…)`.
 *
 * @example
 * ```ts
 * const options: AgentOptions = { tools: [weather], system: 'Be brief.', maxSteps: 8, toolExecution: { concurrency: 4 } };
 * ```
 *
 * @category Agent
 */
export interface AgentOptions {
  /**
   * The agent's name: `agentName` on its events, the `<name>` of `transfer_to_<name>` when another agent
   * hands off to it, and the traces' `invoke_agent {name}`. Default `agent`.
   */
  readonly name?: string;
  /** What the agent does — the description of the `transfer_to_<name>` tool other agents hand off with. */
  readonly description?: string;
  /**
   * The agent's own model (a `LanguageModel` or a `provider:model-id` string), used when it takes over a
   * run by a handoff and when it runs as a tool (`asTool()`). `agent.run(model, …)` still decides the
   * model of the agent it is called on.
   */
  readonly model?: ModelReference;
  /**
   * Agents this one may hand the conversation to: each becomes a `transfer_to_<name>` tool (described by
   * the target's `description`). Give an `Agent`, or `handoff(agent, { toolName, description, inputFilter,
   * onHandoff })`. When the model calls one, the rest of its tool group finishes, the call's result is
   * `"Transferred to <name>."`, and the target makes the next model call with its own system prompt,
   * tools, hooks, context manager, handoffs and model (else the run's model). The list is read when a run
   * starts (and when a run hands off to this agent), so agents that hand back to each other can be wired
   * by pushing into the array after both exist.
   */
  readonly handoffs?: readonly (HandoffTarget | Handoff)[];
  /** The most handoffs one run may make (an option of the agent `run()` is called on). Beyond it a transfer call gets an error result. Default 10. */
  readonly maxHandoffs?: number;
  /**
   * Function and provider tools, read once at construction. A live tool list — an `McpToolset`, or any
   * `Array` subclass that changes in place — given as `tools` or as an element of it is read again before
   * every model call, so a server's refreshed tools are seen on the next call.
   */
  readonly tools?: readonly (Tool | readonly Tool[])[];
  readonly system?: string;
  /** Checked after every step that ran tools; any condition returning true ends the run. */
  readonly stopWhen?: StopCondition | readonly StopCondition[];
  /** Hard cap on model calls per run. Default 20. */
  readonly maxSteps?: number;
  readonly toolExecution?: ToolExecutionOptions;
  readonly hooks?: Partial<AgentHooks>;
  readonly toolChoice?: ToolChoice;
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly topP?: number;
  readonly stopSequences?: readonly string[];
  readonly seed?: number;
  readonly providerOptions?: ModelRequest['providerOptions'];
  /**
   * Answers approval requests of tools with `needsApproval` (see `tool-approval-request`): return `true`,
   * or `false` / `{ approved: false, reason }` to deny. Without it, calls wait for `run.approve(id)` /
   * `run.deny(id)`; both may answer, the first answer wins. Under `approvals: 'interrupt'` a request it
   * answers does not pause the run.
   */
  readonly approve?: Approver;
  /**
   * `'wait'` (default): a call that needs approval waits while the run goes on, until it is answered live.
   * `'interrupt'`: such a call is recorded as a `tool-approval-request` and, once the rest of its group
   * has finished, the run ends with `stopReason: 'interrupted'` and `result.interruptions`; run again with
   * `approvalResponse()` messages to resume (a run option overrides this).
   */
  readonly approvals?: ApprovalMode;
  /** How long a call waits for approval before it becomes an error result (a tool's `config.approvalTimeoutMs` wins). Default: no limit. */
  readonly approvalTimeoutMs?: number;
  /** Keeps the conversation in a store: loaded before each run, each message appended as it is added. */
  readonly session?: SessionOptions;
  /** Traces runs (e.g. `otel()` from `@tandem/otel`). */
  readonly telemetry?: Telemetry;
  /**
   * Decides what each model call is sent from a long conversation: `slidingWindow()`, `trimToolResults()`,
   * `summarize()`, or several with `composeContext()`. History (and the session) keeps every message; with a
   * manager, every message entering history gets an `id`, and a `ContextOverflowError` from the model is
   * answered by one reduction (`context-reduced` event) and one retry of the call. Without one, the model is
   * sent the whole history and an overflow rejects `run.result`.
   */
  readonly context?: ContextManager;
  /**
   * Checks on what goes in and comes out. `input` guardrails see the run's new user messages, concurrently
   * with the first model call (a guardrail with `blocking: true` runs before it); a tripwire aborts the
   * call, runs none of its tools, keeps the response out of history and ends the run with
   * `stopReason: 'guardrail'`. `output` guardrails see the final answer (a last assistant message without
   * tool calls, and the structured `output`) before `run.result` resolves — it is stored in the session and
   * given to `messageAdded` hooks only once they passed; a tripwire replaces it with the verdict's
   * `replaceWith` (or withholds it) and ends the run `'guardrail'`. They do not run for a cancelled run, and a
   * cancel while they run wins (`'cancelled'`, the answer kept as it is).
   * One `guardrail` event per check.
   */
  readonly guardrails?: AgentGuardrails;
  /**
   * After an immediate cancel (`agent.cancel()`, an aborted `signal`), how long the run waits for user code
   * that has not settled — a hook, a session store call, a tool that ignores its signal (its call is answered
   * `cancelled` at once) — before it ends anyway: `run.result` then resolves `cancelled`, a non-fatal `error`
   * event (`RunAbandonedWorkError`) names what was abandoned, and whatever that code does later is ignored.
   * Default 2 000 ms.
   *
   * @example
   * ```ts
   * const agent = new Agent({ tools, session, cancelGraceMs: 500 });
   * ```
   */
  readonly cancelGraceMs?: number;
  /** Times the cancel grace (`cancelGraceMs`); inject `ManualClock` from `@tandem/core/testing` in tests. Default: real time. */
  readonly clock?: Clock;
}

/**
 * Options of `agent.run(…)`.
 *
 * @example
 * ```ts
 * const run = agent.run(model, 'Weather in Oslo?', { signal: AbortSignal.timeout(30_000), output: Weather });
 * ```
 *
 * @category Agent
 */
export interface RunOptions<Output = undefined> {
  /** Aborting equals an immediate `agent.cancel()`: `run.result` resolves with `stopReason: 'cancelled'`. */
  readonly signal?: AbortSignal;
  /** Shared with every tool of the run as `ctx.invocationState`. */
  readonly invocationState?: Record<string, unknown>;
  /**
   * The shape of the final answer (structured output): a zod schema or `jsonSchema(…)`. Sent to the model
   * as `responseFormat` on every request; the final answer is validated into `result.output`.
   */
  readonly output?: OutputSchema<Output>;
  /** The conversation to continue and store into (overrides the agent's `session`). */
  readonly session?: SessionOptions;
  /** How calls that need approval wait (overrides the agent's `approvals`): `'wait'` or `'interrupt'`. */
  readonly approvals?: ApprovalMode;
  /**
   * Runs this as the nested run of a tool call (a sub-agent): pass the `ctx` the tool's `execute`
   * received. Its approval requests are answered by the outer run (`run.approve()`/`deny()` there, the
   * outer `approve` option), the outer run's `approvals` mode applies, idempotency keys derive from the
   * outer call's, and under `'interrupt'` a pause of this run pauses the outer call — the outer run's
   * resume resumes this one. A copy such as `{ ...ctx, signal }` works too; a context that core did not
   * give a tool starts a top-level run.
   */
  readonly parent?: ToolContext;
}

/**
 * The outcome of a run. `Output` is the type of `output` when the run was given an output schema.
 *
 * @category Agent
 */
export interface AgentResult<Output = undefined> {
  readonly stopReason: StopReason;
  /**
   * The agent that was active when the run ended: the agent `run()` was called on, or the last one the
   * conversation was handed off to. Continue the conversation with it (`result.lastAgent.run(…)`).
   */
  readonly lastAgent: RunnableAgent;
  /** The last assistant message (absent if the model never answered). */
  readonly message: Message | undefined;
  /** The whole conversation: the input messages followed by everything the run added. */
  readonly messages: readonly Message[];
  /** The text of `message`. */
  readonly text: string;
  /** Usage summed across every model call of the run. */
  readonly usage: Usage;
  readonly steps: readonly StepResult[];
  /**
   * The final answer validated against the run's `output` schema. Present when the run ended with the
   * model's own answer (`endTurn` on a response without tool calls); `undefined` otherwise, and always
   * when the run had no `output` schema.
   */
  readonly output: Output | undefined;
  /**
   * The calls waiting for a person when `stopReason` is `'interrupted'` (those of nested runs carry the
   * outer call's id as `parentToolCallId`); empty otherwise.
   */
  readonly interruptions: readonly ApprovalRequest[];
  /** The guardrail that tripped when `stopReason` is `'guardrail'` (`reason` is a throwing check's error message); absent otherwise. */
  readonly guardrail?: GuardrailTrip;
}

/**
 * A running agent: iterate it for events, await `result` for the outcome. Events are buffered until you
 * iterate, up to 10,000: a run nobody reads stops keeping them (a later iteration throws
 * `EventsNotKeptError`), so awaiting only `result` costs no memory per delta, however long the run.
 * `await using` cancels an unfinished run on scope exit.
 *
 * @example
 * ```ts
 * await using run = agent.run(model, 'Delete the temp files');
 * for await (const event of run) {
 *   if (event.type === 'tool-approval-request') run.approve(event.toolCallId);
 * }
 * ```
 *
 * @category Agent
 */
export interface AgentRun<Output = undefined> extends AsyncIterable<AgentEvent>, AsyncDisposable {
  readonly runId: string;
  /**
   * Approves a call waiting for approval (`tool-approval-request`): it runs.
   * @throws TypeError when no call of that id is waiting.
   */
  approve(toolCallId: string): void;
  /**
   * Denies a call waiting for approval: it never runs and gets the error result "The user denied this
   * tool call[: reason]".
   * @throws TypeError when no call of that id is waiting.
   */
  deny(toolCallId: string, reason?: string): void;
  /**
   * Resolves when the run ends — also when it is cancelled (`stopReason: 'cancelled'`). Rejects only
   * when the model call itself fails (e.g. `APICallError`) or a hook or stop condition throws, after the
   * events so far were delivered; running tools are aborted first and every tool call in history still
   * has a result.
   */
  readonly result: Promise<AgentResult<Output>>;
}

/**
 * An agent as `result.lastAgent` gives it: the `Agent` object (`instanceof Agent` holds), typed by what a
 * caller continues the conversation with.
 *
 * @example
 * ```ts
 * const { lastAgent, messages } = await router.run(model, 'I was charged twice').result;
 * console.log(lastAgent.name); // 'billing'
 * const next = lastAgent.run(model, [...messages, userMessage('And the refund?')]);
 * ```
 *
 * @category Agent
 */
export interface RunnableAgent {
  readonly name: string;
  readonly description: string | undefined;
  readonly options: AgentOptions;
  run<Output = undefined>(model: ModelReference, messages: string | readonly Message[], options?: RunOptions<Output>): AgentRun<Output>;
  cancel(options?: CancelOptions): void;
}
