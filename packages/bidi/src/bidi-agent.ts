import { systemClock, type CancelOptions, type Tool, type ToolAgent } from '@tandem/core';
import type { BidiInput, BidiModel, Message } from '@tandem/core/spec';
import type { BidiAgentHandle } from './bidi-agent-handle.js';
import { validateOptions } from './validate-bidi-agent-options.js';
import type { BidiAgentOptions, BidiAgentUpdate } from './bidi-agent-options.js';
import { agentSetups, type AgentSetup } from './handoff/bidi-handoff-target.js';
import { buildProfile, type BidiProfile } from './handoff/bidi-profile.js';
import { profileFor, setupOf, type ProfileDeps } from './handoff/profile-for.js';
import { lastHandoff } from './handoff/active-agent.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';
import type { BidiEvent } from './bidi-event.js';
import type { BidiRunOptions, BidiRunResult } from './bidi-run-options.js';
import { BidiAgentStateError } from './errors/bidi-agent-state-error.js';
import { BidiSession } from './session/bidi-session.js';
import { BidiHooks, type BidiAgentHooks, type BidiHookName } from './session/bidi-hooks.js';
import { answerApprovalTool } from './approvals/answer-approval-tool.js';
import { notWaitingError } from './approvals/not-waiting-error.js';
import { settlePeers } from './io/end-grace.js';
import { type InputReader, OutputPump } from './io/run-io.js';
import type { SessionConfig } from './session/session-config.js';
import { SessionWriter } from './history/session-writer.js';
import { toBidiModel } from './connection/to-bidi-model.js';
import { toolGroupScope } from './tools/tool-group-run.js';
import { untilAborted } from './util/until-aborted.js';
import { stopPeers } from './io/stop-peers.js';
import { readInputs } from './io/read-inputs.js';
import { withinGrace } from './util/within-grace.js';
import { conversationOptions, sessionSettings } from './session/session-settings.js';

/**
 * A realtime (speech-to-speech) agent whose tools run while the conversation goes on.
 *
 * - The calls the model requests together form a **tool group**: they run concurrently, and once every
 *   call has finished their results go to the model in **one** `sendToolResults` call, in the model's call
 *   order. Audio, transcripts and new input keep flowing meanwhile; later groups run independently and may
 *   finish first. Barge-in flushes queued output audio and does not stop tools.
 * - Every tool call gets exactly one result — across barge-in, cancel, errors, unknown tools and
 *   reconnects — and `messages` pairs each call with its result.
 * - `cancel()` from outside ends the conversation at once (running tools' signals abort; they are recorded
 *   as `cancelled`). Called from a tool (`ctx.agent.cancel()`, or a `makeStop()` tool) it takes effect once
 *   that tool's group has finished and its results are recorded. Either way `connection-close
 *   { reason: 'user-request' }` is the last event.
 * - Time-outs and go-aways restart the connection at a turn boundary, replaying history and then sending
 *   results the model has not got yet. Events of a replaced connection are ignored.
 * - Calls of tools with `needsApproval` wait (the conversation goes on) for `approve()` / `deny()` or the
 *   `approve` option; calls the provider withdraws (`tool-cancel`) are aborted and recorded `cancelled`.
 * - `session` keeps the conversation in a store (loaded before each conversation's first connection, each
 *   message appended as it is added): an `Agent` on the same session continues it in text, and vice versa;
 *   `telemetry` traces each conversation.
 * - `handoffs` give the model `transfer_to_<name>` tools that switch the live call to another agent's
 *   instructions, tools and voice (and model); `update()` does the same on request. Neither drops the call,
 *   and results of calls still running reach the new agent once.
 *
 * @example
 * ```ts
 * const agent = new BidiAgent({ model, tools: [setTimer, endConversation] });
 * await agent.run({ inputs: [textInput()], outputs: [textOutput()] }); // until the conversation ends
 *
 * // or drive it yourself:
 * await agent.start();
 * await agent.send('Set a timer for 5 seconds');
 * for await (const event of agent.receive()) if (event.type === 'tool-group-complete') break;
 * await agent.stop();
 * ```
 *
 * @category Agent
 */
export class BidiAgent implements ToolAgent, BidiAgentHandle, AsyncDisposable {
  /** The agent's name (default `agent`): `agentName` on its events, the `<name>` of `transfer_to_<name>`. */
  readonly name: string;
  /** What the agent does — the description of the `transfer_to_<name>` tool of handoffs to it. */
  readonly description: string | undefined;
  private readonly options: BidiAgentOptions;
  /** This agent's own setup as `update()` left it: what its conversations start with. */
  private own: AgentSetup;
  private entry: BidiProfile;
  private readonly profileDeps: ProfileDeps;
  private readonly store: SessionWriter | undefined;
  private readonly hooks: BidiHooks;
  private session: BidiSession | undefined;
  private history: readonly Message[];

  /**
   * @throws `NoSuchProviderError` for a model string whose provider is not registered (`registerProvider`);
   * `TypeError` for a `model` that is neither a `BidiModel` nor a string, an invalid or duplicate tool
   * name, or invalid `approve`/`session` options.
   */
  constructor(options: BidiAgentOptions) {
    validateOptions(options);
    const model = toBidiModel(options.model);
    this.options = conversationOptions(options);
    this.name = options.name ?? 'agent';
    this.description = options.description;
    this.history = [...(this.options.messages ?? [])];
    this.hooks = new BidiHooks(options.hooks);
    const builtIns: Tool[] = options.approvals === 'spoken' ? [answerApprovalTool(() => this.session?.spoken)] : [];
    this.profileDeps = {
      builtIns,
      transfer: (handoff, input, context) => {
        const session = this.session;
        if (session === undefined || !this.calledFrom(session)) return Promise.reject(new BidiAgentStateError('No conversation of this agent is running; no handoff was made.'));
        return session.handoff(handoff, input, context);
      },
      report: (error) => this.session?.emit({ type: 'error', error, fatal: false }),
    };
    this.own = {
      name: this.name,
      system: options.system,
      voice: options.voice,
      model,
      context: options.context,
      sources: options.tools ?? [],
      handoffs: options.handoffs ?? [],
    };
    // Checks the tool names (handoff tools included) now.
    this.entry = profileFor(this.own, { model, voice: options.voice }, this.profileDeps);
    agentSetups.set(this, () => this.own);
    this.store = options.session === undefined ? undefined : new SessionWriter(options.session);
  }

  /** The agent's realtime model (resolved from the registry when `model` was a `provider:model-id` string; `update({ model })` changes it). */
  get model(): BidiModel {
    return this.entry.model;
  }

  /**
   * Changes the live conversation without dropping it — instructions, tools, voice, even the model — and
   * this agent's setup for its later conversations. Omitted fields stay as they are. Where the vendor
   * allows it the live session is changed in place (OpenAI Realtime: `session.update`); otherwise — Gemini
   * Live, Nova Sonic, a voice change after OpenAI has spoken, any new `model` (also another provider's) —
   * the agent reconnects at the next turn boundary, replaying the history. Tool calls still running keep
   * running, and their results reach the model exactly once, after the change. Resolves once the model
   * has the new setup (or at once when no conversation runs).
   *
   * @throws TypeError for an invalid or duplicate tool name, or a `model` that is not a realtime model.
   *
   * @example
   * ```ts
   * await agent.update({ system: 'Answer in French from now on.', voice: 'marin' });
   * await agent.update({ model: google.live('gemini-live-2.5-flash-preview') }); // same call, another provider
   * ```
   */
  async update(change: BidiAgentUpdate): Promise<void> {
    const model = change.model === undefined ? undefined : toBidiModel(change.model);
    const merge = <P extends { readonly system: string | undefined; readonly voice: string | undefined; readonly sources: AgentSetup['sources'] }>(parts: P): P => ({
      ...parts,
      ...(change.system === undefined ? {} : { system: change.system }),
      ...(change.voice === undefined ? {} : { voice: change.voice }),
      ...(change.tools === undefined ? {} : { sources: change.tools }),
    });
    const entry = buildProfile({ ...merge(this.entry), ...(model === undefined ? {} : { model }) }, this.profileDeps.report);
    const session = this.running ? this.session : undefined;
    const next = session === undefined ? undefined : buildProfile({ ...merge(session.profile), ...(model === undefined ? {} : { model }) }, this.profileDeps.report);
    this.own = { ...merge(this.own), ...(model === undefined ? {} : { model }) };
    this.entry = entry;
    if (session !== undefined && next !== undefined) await session.changeProfile(next, 'update');
  }

  /**
   * Adds a hook (`beforeToolCall`, `afterToolCall`, `messageAdded`) — as `Agent.on()` does; it applies
   * from the next call or message on, also mid-conversation. Returns a function that removes it.
   *
   * @example
   * ```ts
   * const off = agent.on('afterToolCall', ({ result }) => console.log(result.toolName, result.status));
   * off();
   * ```
   */
  on<K extends BidiHookName>(name: K, hook: BidiAgentHooks[K]): () => void {
    return this.hooks.add(name, hook);
  }

  /** The conversation history: text turns, final transcripts, tool calls and results (each call paired with its result). */
  get messages(): readonly Message[] {
    return this.session?.history.messages ?? this.history;
  }

  /**
   * Approves a call that waits for approval (after its `tool-approval-request` event): it runs now.
   * @throws TypeError when no call of that id is waiting (unknown, already answered, or ended).
   *
   * @example
   * ```ts
   * for await (const event of agent.receive()) {
   *   if (event.type === 'tool-approval-request') agent.approve(event.toolCallId);
   * }
   * ```
   */
  approve(toolCallId: string): void {
    if (this.session?.approvals.answer(toolCallId, { approved: true }) !== true) throw notWaitingError(toolCallId, this.session?.approvals.ids() ?? []);
  }

  /**
   * Denies a call that waits for approval: it never runs, and the model gets the error result
   * "The user denied this tool call[: reason]".
   * @throws TypeError when no call of that id is waiting (unknown, already answered, or ended).
   *
   * @example
   * ```ts
   * if (event.type === 'tool-approval-request' && event.toolName === 'delete_file') agent.deny(event.toolCallId, 'not today');
   * ```
   */
  deny(toolCallId: string, reason?: string): void {
    const answer = { approved: false as const, reason: reason === undefined || reason === '' ? undefined : reason };
    if (this.session?.approvals.answer(toolCallId, answer) !== true) throw notWaitingError(toolCallId, this.session?.approvals.ids() ?? []);
  }

  /** True from `start()` until the conversation has ended. */
  get running(): boolean {
    return this.session !== undefined && !this.session.closed.settled;
  }

  /**
   * Opens a connection and starts the conversation; events are buffered for `receive()`.
   * Rejects with `BidiConnectionError` when the model cannot be reached, and with `BidiAgentStateError`
   * when a conversation is already running.
   */
  async start(options: { readonly signal?: AbortSignal } = {}): Promise<void> {
    await this.open(['receive'], options.signal);
  }

  /**
   * Sends text, PCM16 audio (any sample rate; resampled for the model) or an image. Rejects with
   * `BidiAgentStateError` when no conversation runs, or when called by a tool of an earlier conversation.
   */
  async send(input: string | BidiInput): Promise<void> {
    const session = this.session;
    if (session === undefined || session.ending) {
      throw new BidiAgentStateError('BidiAgent.send(): no conversation is running; call start() first.');
    }
    if (!this.calledFrom(session)) {
      throw new BidiAgentStateError("BidiAgent.send(): this tool's conversation has ended; it cannot send into the next one.");
    }
    await session.send(typeof input === 'string' ? { type: 'text', text: input } : input);
  }

  /**
   * The conversation's events, from `connection-start` to `connection-close` (the last; iteration then
   * ends). Events are buffered from `start()`, so call it any time; iterate it from one place only.
   */
  async *receive(): AsyncGenerator<BidiEvent> {
    const session = this.session;
    if (session === undefined) throw new BidiAgentStateError('BidiAgent.receive(): no conversation; call start() first.');
    const consumer = session.fanout.add('receive');
    for (;;) {
      const event = await consumer.queue.next();
      if (event === undefined) return;
      session.fanout.noteSent('receive', event);
      yield event;
    }
  }

  /**
   * Ends the conversation with `connection-close { reason: 'user-request' }`. From outside a tool: at once —
   * running tools' signals abort and they are recorded as `cancelled` (unless `afterCurrentTools`, which
   * lets the running groups finish first). From inside a tool: once that tool's group has finished and its
   * results are recorded. `message` is appended as the final assistant message.
   */
  cancel(options: CancelOptions = {}): void {
    const session = this.session;
    if (session === undefined) return;
    if (!this.calledFrom(session)) return;
    session.cancel(options, toolGroupScope.getStore());
  }

  /**
   * Reports how much of a response's audio the listener has actually heard, in milliseconds from its
   * start — call it from an output that plays audio (`webSocketIO` does, for the client's
   * `{ type: 'played', responseId, ms }` messages). On barge-in the model's copy of the response is
   * truncated at the last reported position (clamped to the audio the outputs were given); without a
   * report, or at 0 ms, nothing is truncated. Ignored when no conversation runs.
   *
   * @example
   * ```ts
   * const speaker: BidiAgentOutput = {
   *   start(agent) { player.onProgress((responseId, ms) => agent.reportPlayed(responseId, ms)); },
   *   write(event) { if (event.type === 'audio') player.enqueue(event.responseId, event.data); },
   * };
   * ```
   */
  reportPlayed(responseId: string, ms: number): void {
    this.session?.flow.playback.report(responseId, ms);
  }

  /**
   * Ends the conversation now (like `cancel()` from outside) and resolves once `connection-close` was
   * emitted. Called by a tool of an earlier conversation (one that ignored its abort signal), it does nothing.
   */
  async stop(): Promise<void> {
    const session = this.session;
    if (session === undefined || !this.calledFrom(session)) return;
    session.finish('user-request');
    await session.closed.promise;
  }

  /**
   * Runs a whole conversation: reads the inputs, writes every event to each output (through bounded
   * queues), and resolves when the conversation has ended — by `cancel()`/`stop()` or a stop tool, when
   * the inputs have all ended and the agent is idle, or when the provider closes.
   */
  async run(options: BidiRunOptions = {}): Promise<BidiRunResult> {
    const inputs = options.inputs ?? [];
    const outputs = options.outputs ?? [];
    const session = this.createSession(outputs.map((_, index) => index));
    const graceMs = session.config.stopGraceMs;
    const started: BidiAgentOutput[] = [];
    try {
      for (const output of outputs) {
        await untilAborted(Promise.resolve(output.start?.(this)), session.signal);
        started.push(output);
      }
    } catch (error) {
      // Nothing was connected yet: end this conversation so the agent is not left "running".
      const endedMeanwhile = session.signal.aborted;
      session.finish('error');
      const reason = await session.closed.promise;
      await stopPeers(this.options.clock ?? systemClock, started, graceMs).catch(() => undefined);
      if (endedMeanwhile) return { reason, messages: session.history.messages }; // stop() during a slow start()
      throw error;
    }
    const pumps = outputs.map((output, index) => new OutputPump(session, output, index));
    const readers: InputReader[] = [];
    let abandoned = new Set<OutputPump>();
    session.beforeClose = async () => {
      abandoned = await settlePeers(session, pumps, readers, graceMs);
    };
    try {
      await this.openSession(session, options.signal);
    } catch (error) {
      await withinGrace(Promise.all(pumps.map((pump) => pump.done)), session.config.clock, graceMs);
      await stopPeers(this.options.clock ?? systemClock, outputs, graceMs);
      throw error;
    }
    readInputs(session, inputs, this, readers);
    const reason = await session.closed.promise;
    // Peers that hang on their last write (connection-close) or on stop() are abandoned after the grace period.
    const live = pumps.filter((pump) => !abandoned.has(pump));
    if (!live.every((pump) => pump.finished) || !readers.every((reader) => reader.finished)) {
      await withinGrace(Promise.all([...readers.map((reader) => reader.done), ...live.map((pump) => pump.done)]), session.config.clock, graceMs);
    }
    await stopPeers(this.options.clock ?? systemClock, [...inputs, ...outputs], graceMs);
    return { reason, messages: session.history.messages };
  }

  /** `await using agent = …` stops a running conversation on scope exit. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.stop();
  }

  /** False when called from a tool of an earlier conversation (which must not affect `session`). */
  private calledFrom(session: BidiSession): boolean {
    const group = toolGroupScope.getStore();
    return group === undefined || group.owner === session;
  }

  private async open(consumers: readonly (number | 'receive')[], signal: AbortSignal | undefined): Promise<void> {
    await this.openSession(this.createSession(consumers), signal);
  }

  private createSession(consumers: readonly (number | 'receive')[]): BidiSession {
    if (this.running) throw new BidiAgentStateError('BidiAgent: a conversation is already running; stop() it first.');
    const previous = this.session;
    if (previous !== undefined) this.history = previous.history.messages;
    const { options } = this;
    const runId = crypto.randomUUID();
    const config: SessionConfig = {
      ...sessionSettings(options),
      runId,
      profile: this.entry,
      profileOf: (handoff, inUse) => profileFor(setupOf(handoff.target), inUse, this.profileDeps),
      resumedProfile: (messages) => {
        const handoff = lastHandoff(messages, this.own);
        return handoff === undefined ? undefined : profileFor(setupOf(handoff.target), this.entry, this.profileDeps);
      },
      agent: this,
      history: this.history,
      hooks: this.hooks.toolCallHooks(),
      store: this.store,
      messageAdded: (message, report) => {
        this.store?.append(message);
        this.hooks.messageAdded(message, runId, 0, report);
      },
      hooksSettled: () => this.hooks.settled(),
    };
    const session = new BidiSession(config);
    for (const id of consumers) session.fanout.add(id);
    this.session = session;
    return session;
  }

  private async openSession(session: BidiSession, signal: AbortSignal | undefined): Promise<void> {
    if (signal !== undefined) {
      if (signal.aborted) session.finish('user-request');
      const onAbort = (): void => session.finish('user-request');
      signal.addEventListener('abort', onAbort, { once: true });
      void session.closed.promise.then(() => signal.removeEventListener('abort', onAbort));
    }
    await session.open();
  }
}
