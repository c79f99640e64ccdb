import type { AgentEvent, Handoff, ToolContext } from '@tandem/core';
import { PendingApprovals, type ToolSnapshot } from '@tandem/core/runtime';
import type { BidiInput, BidiModel, BidiModelEvent } from '@tandem/core/spec';
import type { BidiHandoffTarget } from '../handoff/bidi-handoff-target.js';
import type { BidiProfile } from '../handoff/bidi-profile.js';
import type { BidiCloseReason, BidiEvent, BidiEventBody } from '../bidi-event.js';
import { SpokenApprovals } from '../approvals/spoken-approvals.js';
import { ConnectionLifecycle } from '../connection/connection-lifecycle.js';
import { ReplayContext } from '../context/replay-context.js';
import { ResultDelivery } from '../delivery/result-delivery.js';
import { BidiAgentStateError } from '../errors/bidi-agent-state-error.js';
import { ConversationHistory } from '../history/conversation-history.js';
import { loadStoredHistory } from '../history/session-persistence.js';
import { EventFanout } from '../io/event-fanout.js';
import { InputResampler } from '../io/input-resampler.js';
import { SpeechEndPadding } from '../io/speech-end-padding.js';
import { ToolGroupTracker } from '../tools/tool-group-tracker.js';
import type { ToolGroupRun } from '../tools/tool-group-run.js';
import { SessionTracer } from '../tracing/session-tracer.js';
import { deferred } from '../util/deferred.js';
import { closeConversation } from './close-conversation.js';
import { ConversationEnd } from './conversation-end.js';
import { decide } from './decide.js';
import { ResponseFlow } from './response-flow.js';
import { ResponseWait } from './response-wait.js';
import { routeModelEvent } from './route-model-event.js';
import { sendUserInput } from './send-user-input.js';
import type { SessionConfig } from './session-config.js';
import type { SessionCore } from './session-core.js';
import { sessionHosts } from './session-hosts.js';
import { setupUpdate } from './setup-update.js';
import { UserTurns } from './user-turns.js';

/**
 * One conversation of a `BidiAgent`, from `start()` to `connection-close`. Its parts each own one thing —
 * the connection and its generations, the running tool groups, the delivery of their results, the
 * model's responses, the end — and after every event {@link decide} says what happens next (end,
 * restart, deliver), from facts gathered here ({@link BidiSession.step}). @internal
 */
export class BidiSession implements SessionCore {
  readonly history: ConversationHistory;
  readonly fanout: EventFanout;
  /** Calls waiting for approval: `agent.approve()`/`deny()`, the `approve` option and spoken answers answer them. */
  readonly approvals: PendingApprovals;
  readonly tracer: SessionTracer;
  /** Resolves with the close reason once `connection-close` was emitted. */
  readonly closed = deferred<BidiCloseReason>();
  /** Aborts when the conversation ends: tools' signals, connects, reads, timers. */
  readonly lifetime = new AbortController();
  readonly userTurns = new UserTurns();
  readonly end = new ConversationEnd();
  readonly connection: ConnectionLifecycle;
  readonly toolGroups: ToolGroupTracker;
  readonly delivery: ResultDelivery;
  readonly flow: ResponseFlow;
  readonly responseWait: ResponseWait;
  /** What each new connection is sent of the history (the active agent's `context` manager). */
  readonly replay: ReplayContext;
  /** The active agent: its model, instructions, tools and voice (a handoff or `update()` replaces it). */
  profile: BidiProfile;
  /** The profile the current connection runs with, and the one the last connect request was built from. */
  private liveProfile: BidiProfile | undefined;
  private requestedProfile: BidiProfile | undefined;
  /** Setup changes apply one after another, in order. */
  private updates: Promise<void> = Promise.resolve();
  readonly spoken: SpokenApprovals | undefined;
  readonly padding: SpeechEndPadding;
  private readonly resampler: InputResampler;
  inputsEnded = false;
  /** Set by `run()`: the outputs' and inputs' grace period, before `connection-close`. */
  beforeClose: (() => Promise<void>) | undefined;

  constructor(readonly config: SessionConfig) {
    this.profile = config.profile;
    this.approvals = new PendingApprovals(config.approve);
    this.resampler = new InputResampler(() => this.model.audio.inputRate);
    this.responseWait = new ResponseWait(this.signal, config.clock, config.responseWaitMs, () => this.step());
    this.history = new ConversationHistory(
      config.history,
      (message) => config.messageAdded(message, (error) => this.emit({ type: 'error', error, fatal: false })),
      config.profile.context !== undefined,
    );
    this.replay = new ReplayContext({
      clock: config.clock,
      signal: this.signal,
      record: (message) => this.history.addRecord(message),
      report: (error) => this.emit({ type: 'error', error, fatal: false }),
    });
    if (config.store !== undefined) config.store.report = (error) => this.emit({ type: 'error', error, fatal: false });
    this.tracer = new SessionTracer(config.telemetry, {
      sessionId: config.store?.sessionId ?? config.runId,
      agentName: config.profile.name,
      model: { provider: config.profile.model.provider, modelId: config.profile.model.modelId },
      ...(config.profile.system === undefined ? {} : { system: config.profile.system }),
    });
    this.fanout = new EventFanout(
      config.queue,
      (droppedChunks, droppedMs) => this.stamp({ type: 'audio-dropped', droppedChunks, droppedMs }),
      (error) => this.stamp({ type: 'error', error, fatal: false }),
    );
    const hosts = sessionHosts(this);
    this.connection = new ConnectionLifecycle(hosts.connection);
    this.toolGroups = new ToolGroupTracker(hosts.tools);
    this.delivery = new ResultDelivery(hosts.delivery);
    this.flow = new ResponseFlow(hosts.responses);
    this.spoken = config.approvals === 'spoken' ? new SpokenApprovals(hosts.spoken) : undefined;
    this.padding = new SpeechEndPadding(config.clock, this.signal, () => this.model.audio.inputRate, (input) => void this.send(input).catch(() => undefined));
  }

  /** The active agent's model. */
  get model(): BidiModel {
    return this.profile.model;
  }

  get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  /** True from the moment the conversation started ending. */
  get ending(): boolean {
    return this.end.ending;
  }

  /** Loads the stored history (the first time) and opens the first connection; rejects with the store's or the connection's error. */
  async open(): Promise<void> {
    try {
      const stored = await loadStoredHistory(this.config.store, this.history, this.config.startMessages, this.signal);
      if (!stored.loaded) return;
      // A conversation handed over earlier (by voice or in text) continues with the agent it was handed to.
      this.profile = this.config.resumedProfile(this.history.messages) ?? this.profile;
      await this.connection.open();
      // Calls of the stored conversation that wait for approval ask again (answerable by approve()/deny()).
      if (stored.pending !== undefined) this.toolGroups.resume(stored.pending.calls, stored.pending.answers);
    } catch (error) {
      this.emit({ type: 'error', error, fatal: true });
      this.finish('error');
      await this.closed.promise;
      throw error;
    }
  }

  /** The tools as they are now; a refreshed list that breaks the name rules is reported and the last good one kept. */
  tools(): ToolSnapshot {
    return this.profile.tools.current();
  }

  /** The profile a connect request is built from now (remembered, so its connection knows its setup). */
  requestProfile(): BidiProfile {
    this.requestedProfile = this.profile;
    return this.profile;
  }

  /** A connection opened with the last requested profile; a change made meanwhile is applied to it now. */
  attached(): void {
    this.liveProfile = this.requestedProfile;
    if (this.liveProfile !== this.profile) void this.changeProfile(this.profile, 'update');
  }

  /**
   * Makes `next` the active agent and brings the live session to it — `connection.update()` where the
   * vendor can, else a new connection at the next turn boundary (history replayed, results held and then
   * sent to the new one). Resolves once the model has the new setup, or the conversation ended.
   */
  changeProfile(next: BidiProfile, reason: 'update' | 'handoff'): Promise<void> {
    this.profile = next;
    const applied = this.updates.then(() => this.applyProfile(reason));
    this.updates = applied.catch(() => undefined);
    return applied;
  }

  private async applyProfile(reason: 'update' | 'handoff'): Promise<void> {
    const live = this.liveProfile;
    const target = this.profile;
    if (this.ending || live === undefined || live === target) return; // (still connecting: the request carries it)
    const change = setupUpdate(live, target);
    if (change.empty) {
      this.liveProfile = target;
      return;
    }
    const generation = this.connection.generation;
    if (!change.reconnect && (await this.connection.liveUpdate(change.update))) {
      if (this.connection.generation === generation) this.liveProfile = target;
      this.delivery.flush();
      this.step();
      return;
    }
    await this.connection.restartForSetup(reason);
  }

  /**
   * A `transfer_to_<name>` call: runs the handoff's `onHandoff`, emits `handoff`, and switches to the
   * target (not waiting for the live session: results wait for the switch). Rejects — the call's error
   * result, no switch — when `onHandoff` throws or the target's tools clash.
   */
  async handoff(handoff: Handoff<BidiHandoffTarget>, input: unknown, context: ToolContext): Promise<void> {
    if (this.ending) throw new BidiAgentStateError('The conversation has ended; no handoff was made.');
    const from = this.profile;
    await handoff.onHandoff?.({
      from: from.name,
      to: handoff.name,
      target: handoff.target,
      toolCallId: context.toolCallId,
      input,
      messages: this.history.messages,
      signal: context.signal,
    });
    const next = this.config.profileOf(handoff, from);
    this.emit({ type: 'handoff', from: from.name, to: next.name, toolCallId: context.toolCallId });
    this.changeProfile(next, 'handoff').catch((error: unknown) => this.emit({ type: 'error', error, fatal: false }));
  }

  /** Sends user input (audio resampled to the model's rate), waiting out a reconnect. */
  async send(input: BidiInput): Promise<void> {
    if (this.ending) throw new BidiAgentStateError('The conversation has ended; call start() to begin a new one.');
    let turn;
    if (input.type === 'text') {
      turn = this.history.addUser([{ type: 'text', text: input.text }]);
      this.flow.latency.speechEnded(this.config.clock.now());
      this.userTurns.add(input.text);
      this.responseWait.start();
    } else if (input.type === 'image') {
      turn = this.history.addUser([{ type: 'file', mediaType: input.mediaType, data: input.data }]);
    }
    const toSend = this.resampler.toModelRate(input);
    if (input.type === 'audio') this.padding.audioSent();
    await sendUserInput({ connection: this.connection, ending: this.ending, markSent: (t) => this.history.markSent(t) }, toSend, turn);
  }

  /** The inputs have all ended: finish once nothing is running or expected. */
  endWhenIdle(): void {
    this.inputsEnded = true;
    this.step();
  }

  /** `cancel()`: from a tool of this conversation (`group`) or with `afterCurrentTools`, the end waits for the group(s); else at once. */
  cancel(options: { readonly message?: string; readonly afterCurrentTools?: boolean }, group: ToolGroupRun | undefined): void {
    if (this.ending) return;
    const fromTool = group !== undefined && group.owner === this && !group.finished;
    const waitFor = fromTool ? [group] : options.afterCurrentTools === true ? this.toolGroups.runningGroups() : [];
    if (waitFor.length === 0) this.finish('user-request', options.message ?? this.end.message);
    else this.end.defer(waitFor, options.message);
  }

  /** Ends the conversation now (tools' signals abort); `connection-close` follows once every group settled. */
  finish(reason: BidiCloseReason, message?: string): void {
    if (!this.end.begin(reason)) return;
    this.connection.fence();
    this.lifetime.abort();
    void closeConversation(sessionHosts(this).closing(message), reason);
  }

  /** After every event: gather the facts, let {@link decide} choose, act. */
  step(): void {
    const decision = decide({
      ending: this.ending,
      deferredEnd: this.end.state,
      inputsEnded: this.inputsEnded,
      streamEnded: this.connection.streamEnded,
      restartWanted: this.connection.restartWanted,
      responseActive: this.flow.active,
      reconnecting: this.connection.busy,
      toolsRunning: this.toolGroups.busy,
      resultsPending: this.delivery.pending,
      resultsWaiting: this.delivery.waiting,
      takesResultsMidResponse: this.model.capabilities.nativeAsyncTools,
      awaitingAnswer: this.responseWait.waiting,
    });
    if (decision.type === 'end') this.finish(decision.reason, decision.reason === 'user-request' ? this.end.message : undefined);
    else if (decision.type === 'restart') this.connection.runPendingRestart();
    else if (decision.type === 'deliver') this.delivery.flush();
  }

  /** Handles one event of the current connection, then decides. */
  handle(event: BidiModelEvent): void {
    if (!this.flow.handle(event)) routeModelEvent(this, event);
    this.step();
  }

  /** Stamps and fans out an event (and notes it in the conversation's trace). */
  emit(body: BidiEventBody): void {
    this.tracer.note(body);
    this.fanout.emit(this.stamp(body));
  }

  /** Forwards an event of a nested agent (it carries `parentToolCallId`). */
  emitNested(event: AgentEvent & { readonly parentToolCallId: string }): void {
    this.fanout.emit({ ...event, timeMs: this.config.clock.now() });
  }

  private stamp(body: BidiEventBody): BidiEvent {
    return { ...body, runId: this.config.runId, timeMs: this.config.clock.now(), agentName: this.profile.name } as BidiEvent;
  }
}
