import type { Guardrail } from '@tandem/core';
import type { BidiModel, Message } from '@tandem/core/spec';
import type { Approver, ContextManager, SessionOptions, Telemetry, Tool } from '@tandem/core';
import type { BidiAgentHooks } from './session/bidi-hooks.js';
import type { Clock } from '@tandem/core';
import type { BidiQueueOptions } from './bidi-queue-options.js';
import type { BidiHandoffEntry } from './handoff/bidi-handoff-target.js';

/**
 * How the agent replaces connections that time out, go away or fail.
 *
 * @example
 * ```ts
 * new BidiAgent({ model, reconnect: { maxAttempts: 5, initialDelayMs: 500 } });
 * ```
 *
 * @category Agent
 */
export interface BidiReconnectOptions {
  /**
   * Connect attempts per (re)connection, the first included, and connections in a row that may fail
   * young (within 10 s of opening) before the conversation ends with `connection-close { reason: 'error' }`
   * (default 5). `0` disables reconnecting: a time-out then ends the conversation with `timeout`.
   */
  readonly maxAttempts?: number;
  /** Delay before the second attempt (and before reconnecting after a connection that failed young); doubles each time (default 250 ms). */
  readonly initialDelayMs?: number;
  /** Upper bound of the delay (default 5 000 ms). */
  readonly maxDelayMs?: number;
  /** With `capabilities.maxConnectionMs`, restart this long before the limit, at a turn boundary (default 30 000 ms). */
  readonly marginMs?: number;
}

/**
 * Options of `new BidiAgent(…)`.
 *
 * @example
 * ```ts
 * const agent = new BidiAgent({ model, tools: [setTimer, endConversation], system: 'You are a kitchen assistant.' });
 * ```
 *
 * @category Agent
 */
export interface BidiAgentOptions {
  /**
   * The realtime model: a `BidiModel` (e.g. `openai.realtime('gpt-realtime')`), or a `provider:model-id`
   * string such as `'openai:gpt-realtime'`, resolved through the provider registry (after
   * `registerProvider('openai', openai)`).
   */
  readonly model: BidiModel | string;
  /** The agent's name — for traces, `agentName` on events, and `transfer_to_<name>` of handoffs to it. Default `agent`. */
  readonly name?: string;
  /** What the agent does: the model of an agent that hands off to this one reads it (the `transfer_to_<name>` tool's description). */
  readonly description?: string;
  /** The output voice (e.g. `marin`, `Kore`, `tiffany`), overriding the model's configured one. */
  readonly voice?: string;
  /**
   * Agents this one may hand the call to: `BidiAgent`s, plain targets `{ name, description, system, tools,
   * voice?, model? }`, or either wrapped in core's `handoff(target, { toolName, description, onHandoff })`.
   * The model sees one `transfer_to_<name>` tool per entry; calling it switches the live call to the
   * target's instructions, tools and voice — in place where the vendor allows (OpenAI `session.update`),
   * else by a reconnect that replays the history — and emits `handoff { from, to, toolCallId }`. The call's
   * result is `"Transferred to <name>."`; only the first handoff of a response transfers. Tool calls of the
   * previous agent still running deliver their results once, to the new agent. The conversation keeps
   * this agent's hooks, approvals, session and telemetry; `ToolContext.agent` stays this agent.
   */
  readonly handoffs?: readonly BidiHandoffEntry[];
  /**
   * Function tools (run by the agent, concurrently per group) and provider tools (passed to the model).
   * A live tool list — an `McpToolset`, or any `Array` subclass that changes in place — given as `tools` or
   * as an element of it is read again at each (re)connect and before each tool group runs: a refreshed
   * tool runs at once, and the refreshed definitions reach the model with the next connection (most
   * realtime vendors take tools only when a session is set up). A refreshed list that breaks the name
   * rules is reported as a non-fatal `error` event and the previous one is kept.
   */
  readonly tools?: readonly (Tool | readonly Tool[])[];
  readonly system?: string;
  /**
   * History to start from; it grows across conversations and is replayed on every (re)connect. With a
   * `session`, these follow the stored conversation (and are stored with it).
   */
  readonly messages?: readonly Message[];
  /**
   * Keeps a long call's reconnects small: a `ContextManager` from `@tandem/core` — `slidingWindow()`,
   * `trimToolResults()`, `summarize({ model })`, or several with `composeContext()` — that decides what
   * history each new connection is opened with (the first one when the call resumes `messages` or a
   * `session`, every reconnect, and a handoff or `update()` that reconnects). `agent.messages` and the
   * session keep every message (with a manager each gets an `id`); a tool call still running, or whose
   * results are not delivered yet, stays in what is sent. `info.estimateTokens` is a local estimate (the
   * replay is text, so realtime usage, which counts audio, is not used; `info.lastUsage` is the last
   * `usage` reported; `info.maxInputTokens` is not set, so give `slidingWindow()` a `maxMessages` or
   * `maxTokens`). `info.model` stands for the realtime model and cannot be called: give
   * `summarize()` a text model (`summarize({ model: 'openai:gpt-5-mini', triggerTokens })`); without one
   * it fails with a `BidiContextError` (`reason: 'no-text-model'`). A manager that throws, or has not
   * settled after 20 s (its `info.signal` then aborts), is reported as a non-fatal `error` event with a
   * `BidiContextError` and that connection gets the whole history, as without a manager. A handoff target
   * without a `context` of its own keeps the one in use.
   *
   * @example
   * ```ts
   * const agent = new BidiAgent({ model, tools, session: { store, id: 'call-1' }, context: slidingWindow({ maxMessages: 40 }) });
   * ```
   */
  readonly context?: ContextManager;
  /**
   * Answers approval requests of tools with `needsApproval` (see `tool-approval-request`): return `true`,
   * or `false` / `{ approved: false, reason }` to deny. Without it, calls wait for `agent.approve(id)` /
   * `agent.deny(id, reason?)`; both may answer, the first answer wins. A call's `config.timeoutMs` bounds
   * the wait.
   */
  readonly approve?: Approver;
  /**
   * Keeps the conversation in a `SessionStore`. The stored history is loaded before the first connection of
   * each conversation (a call left without a result — a crash mid-group — is paired with a `cancelled`
   * result) and replayed to the model, so an `Agent` on the same session id and this agent continue one
   * conversation, text and voice. Calls that still wait for approval there ask again (`tool-approval-request`;
   * an approval response already in the history answers at once); approval requests are stored as asked.
   * Then each message is appended as it is added to `agent.messages` (user turns, final transcripts,
   * assistant text, tool calls, and a group's results as one tool message when the group ends), one append at a time, in order. A failing append does not end
   * the conversation: it is reported as a non-fatal `error` event with a `BidiSessionAppendError`, and the
   * store misses that message. `stop()` and `run()` resolve once pending appends have settled (waiting at
   * most `cancelGraceMs`). Loading fails the conversation's `start()` / `run()` with the store's error.
   */
  readonly session?: SessionOptions;
  /**
   * Traces each conversation (e.g. `otel()` from `@tandem/otel`), through `Telemetry.startSession`: a
   * session with response, barge-in, first-audio latency, tool latency, reconnect and usage events and a
   * trace per tool group, ended at `connection-close`. Telemetry that throws never breaks a conversation.
   */
  readonly telemetry?: Telemetry;
  /** Drives metrics, reconnect back-off and restarts; inject `ManualClock` in tests. Default: real time. */
  readonly clock?: Clock;
  /** Shared with every tool call as `ctx.invocationState`. */
  readonly invocationState?: Record<string, unknown>;
  /** Calls running at once within one group (default unbounded). */
  readonly toolExecution?: { readonly concurrency?: number | 'sequential' };
  /**
   * `beforeToolCall`, `afterToolCall` and `messageAdded` hooks, as on `Agent` (add more with
   * `agent.on()`). `messageAdded` hooks run in order without holding the conversation; a failing one is
   * reported as a non-fatal `error` event; the end waits at most `cancelGraceMs` for them.
   */
  readonly hooks?: Partial<BidiAgentHooks>;
  /**
   * How calls that need approval are answered. `'wait'` (default): by `approve()` / `deny()` or the
   * `approve` option. `'spoken'`: also by the user's voice — the agent asks the model (a context note) to
   * ask the user, and gives it a built-in tool `answer_approval({ toolCallId, approved, reason? })`,
   * accepted only after the user spoke (a final transcript or typed turn) since the request; else the
   * model gets the error "Ask the user first". An accepted answer emits `tool-approval-response` with
   * `by: 'spoken'` and the user's words. `approve()` / `deny()` keep working beside it.
   */
  readonly approvals?: 'wait' | 'spoken';
  /**
   * Put before each result's model input when a group's results arrive after at least one completed user
   * turn since the calls were made (the conversation moved on). Default
   * `"(This result arrived after the conversation moved on; mention it briefly.)"`; `false` turns it off.
   * History keeps the plain result.
   */
  readonly lateResultNote?: string | false;
  /**
   * Output guardrails on what the assistant says: each response's transcript is checked as it streams —
   * every `guardrailIntervalChars` new characters (`ctx.final: false`) and once complete (`final: true`).
   * A tripwire interrupts the response as a barge-in does — queued audio flushed (outputs get `barge-in`
   * with `reason: 'guardrail'`), the response cancelled where the model can (`cancelResponse`), the model's
   * copy truncated at the played position — and the rest of its transcript is dropped (history keeps none
   * of it). With the verdict's `replaceWith`, the model is asked (a context note) to say that instead.
   * A response's transcript enters history only once checked; one cut off (a restart, the end) before its
   * checks finished is not kept. One `guardrail` event per check.
   */
  readonly guardrails?: { readonly output?: readonly Guardrail[] };
  /** How many new transcript characters trigger the next check of a streaming response. Default 100. */
  readonly guardrailIntervalChars?: number;
  /** Per-output queue limits and drop policy. */
  readonly queue?: BidiQueueOptions;
  readonly reconnect?: BidiReconnectOptions;
  /**
   * When every input of `run()` has ended, the conversation ends (`complete`) once tools are done, their
   * results sent and the model quiet; this is how long to wait for the model to start answering
   * something just sent (default 5 000 ms).
   */
  readonly responseWaitMs?: number;
  /**
   * How long the end of a conversation (`stop()`, `cancel()`, a stop tool, any end) waits for user code
   * that hangs — a peer of `run()` (an output's `write()`, an input's `read()` or `start()`, `stop()`), a
   * tool ignoring its signal, a hook, a session append — before abandoning it (default 2 000 ms, as
   * `Agent`'s `cancelGraceMs`). Abandoned work is reported as non-fatal `error` events (`BidiStuckPeerError`,
   * `BidiSessionAppendError`) before `connection-close` (a peer that hangs on `connection-close` itself or
   * in `stop()` is abandoned silently, since `connection-close` is the last event); what it does later is
   * ignored. Healthy peers end at once.
   *
   * @example
   * ```ts
   * const agent = new BidiAgent({ model, tools, cancelGraceMs: 500 });
   * ```
   */
  readonly cancelGraceMs?: number;
  /** @deprecated Use `cancelGraceMs` (the same setting, named as on `Agent`). */
  readonly stopGraceMs?: number;
}

/**
 * What `bidiAgent.update()` changes; omitted fields stay as they are.
 *
 * @example
 * ```ts
 * await agent.update({ system: 'You are now the booking desk.', tools: [bookTable], voice: 'marin' });
 * ```
 *
 * @category Agent
 */
export interface BidiAgentUpdate {
  readonly system?: string;
  /** The full new tool list (handoff tools and built-ins stay). */
  readonly tools?: readonly (Tool | readonly Tool[])[];
  readonly voice?: string;
  /** Another realtime model, even another provider's (a reconnect with the history replayed). */
  readonly model?: BidiModel | string;
}
