import type { AgentEvent } from '@tandem/core';
import { PendingApprovals, type ToolSnapshot } from '@tandem/core/runtime';
import type { BidiInput, BidiModelEvent } from '@tandem/core/spec';
import type { BidiCloseReason, BidiEvent, BidiEventBody } from '../bidi-event.js';
import { SpokenApprovals } from '../approvals/spoken-approvals.js';
import { ConnectionLifecycle } from '../connection/connection-lifecycle.js';
import { ResultDelivery } from '../delivery/result-delivery.js';
import { BidiAgentStateError } from '../errors/bidi-agent-state-error.js';
import { ConversationHistory } from '../history/conversation-history.js';
import { loadStoredHistory } from '../history/session-persistence.js';
import { EventFanout } from '../io/event-fanout.js';
import { InputResampler } from '../io/input-resampler.js';
import { SpeechEndPadding } from '../io/speech-end-padding.js';
import { LiveTools } from '../tools/live-tools.js';
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
import { sessionHosts } from './session-hosts.js';
import { UserTurns } from './user-turns.js';

/**
 * One conversation of a `BidiAgent`, from `start()` to `connection-close`. Its parts each own one thing —
 * the connection and its generations, the running tool groups, the delivery of their results, the
 * model's responses, the end — and after every event {@link decide} says what happens next (end,
 * restart, deliver), from facts gathered here ({@link BidiSession.step}). @internal
 */
export class BidiSession {
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
  readonly liveTools: LiveTools;
  readonly spoken: SpokenApprovals | undefined;
  readonly padding: SpeechEndPadding;
  private readonly resampler: InputResampler;
  inputsEnded = false;
  /** Set by `run()`: the outputs' and inputs' grace period, before `connection-close`. */
  beforeClose: (() => Promise<void>) | undefined;

  constructor(readonly config: SessionConfig) {
    this.approvals = new PendingApprovals(config.approve);
    this.resampler = new InputResampler(config.model.audio.inputRate);
    this.responseWait = new ResponseWait(this.signal, config.clock, config.responseWaitMs, () => this.step());
    this.liveTools = new LiveTools(config.catalog, (error) => this.emit({ type: 'error', error, fatal: false }));
    this.history = new ConversationHistory(config.history, (message) =>
      config.messageAdded(message, (error) => this.emit({ type: 'error', error, fatal: false })),
    );
    if (config.store !== undefined) config.store.report = (error) => this.emit({ type: 'error', error, fatal: false });
    this.tracer = new SessionTracer(config.telemetry, {
      sessionId: config.store?.sessionId ?? config.runId,
      agentName: config.agentName,
      model: { provider: config.model.provider, modelId: config.model.modelId },
      ...(config.system === undefined ? {} : { system: config.system }),
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
    this.padding = new SpeechEndPadding(config.clock, this.signal, config.model.audio.inputRate, (input) => void this.send(input).catch(() => undefined));
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
      if (!(await loadStoredHistory(this.config.store, this.history, this.config.startMessages, this.signal))) return;
      this.config.restored?.(this);
      await this.connection.open();
    } catch (error) {
      this.emit({ type: 'error', error, fatal: true });
      this.finish('error');
      await this.closed.promise;
      throw error;
    }
  }

  /** The tools as they are now; a refreshed list that breaks the name rules is reported and the last good one kept. */
  tools(): ToolSnapshot {
    return this.liveTools.current();
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
      takesResultsMidResponse: this.config.model.capabilities.nativeAsyncTools,
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
    return { ...body, runId: this.config.runId, timeMs: this.config.clock.now() } as BidiEvent;
  }
}
