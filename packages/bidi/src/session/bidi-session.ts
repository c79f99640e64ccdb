import type { AgentEvent } from '@tandem/core';
import { PendingApprovals } from '@tandem/core/runtime';
import type { BidiConnection, BidiConnectRequest, BidiInput, BidiModelEvent } from '@tandem/core/spec';
import type { BidiAudioMetrics, BidiCloseReason, BidiEvent, BidiEventBody } from '../bidi-event.js';
import { BidiAgentStateError } from '../errors/bidi-agent-state-error.js';
import { pcm16DurationMs } from '../pcm/pcm16-duration.js';
import { ConnectionLifecycle, type ConnectionHost } from '../connection/connection-lifecycle.js';
import { ConversationHistory, type PendingUserTurn } from '../history/conversation-history.js';
import { deferred } from '../util/deferred.js';
import { EventFanout } from '../io/event-fanout.js';
import { LatencyTracker } from '../tracing/latency-tracker.js';
import { PlaybackPosition } from '../io/playback-position.js';
import type { SessionConfig } from './session-config.js';
import { SessionTracer } from '../tracing/session-tracer.js';
import type { ToolSnapshot } from '@tandem/core/runtime';
import { ToolGroupTracker, type ToolGroupHost } from '../tools/tool-group-tracker.js';
import type { ToolGroupRun } from '../tools/tool-group-run.js';
import { loadStoredHistory, storeSettled } from '../history/session-persistence.js';
import { InputResampler } from '../io/input-resampler.js';
import { LiveTools } from '../tools/live-tools.js';
import { ResponseTracker } from './response-tracker.js';
import { ResponseWait } from './response-wait.js';

/**
 * One conversation of a `BidiAgent`, from `start()` to `connection-close`: owns the connection (and its
 * generation, which fences events of replaced connections), the running tool groups, results not yet
 * delivered, the event fan-out and every deferred decision — so nothing leaks into the next conversation.
 * @internal
 */
export class BidiSession implements ToolGroupHost, ConnectionHost {
  readonly history: ConversationHistory;
  readonly fanout: EventFanout;
  readonly config: SessionConfig;
  /** Calls waiting for approval: `agent.approve()`/`deny()` and the `approve` option answer them. */
  readonly approvals: PendingApprovals;
  readonly tracer: SessionTracer;
  /** Resolves with the close reason once `connection-close` was emitted. */
  readonly closed = deferred<BidiCloseReason>();
  /** Aborts when the conversation ends: tools' signals, connects, reads, timers. */
  private readonly lifetime = new AbortController();
  private readonly connection: ConnectionLifecycle = new ConnectionLifecycle(this);
  private readonly toolGroups: ToolGroupTracker = new ToolGroupTracker(this);
  private readonly responses = new ResponseTracker();
  private pendingEnd: { readonly waitFor: Set<ToolGroupRun>; message: string | undefined } | undefined;
  private endReason: BidiCloseReason | undefined;
  private inputsEnded = false;
  private readonly responseWait: ResponseWait;
  private readonly latency = new LatencyTracker();
  private readonly playback = new PlaybackPosition();
  private readonly resampler: InputResampler;
  private readonly liveTools: LiveTools;
  /**
   * Set by `run()`: called once tools are settled and the connection is closed, before `connection-close`,
   * to give the outputs (and inputs) a bounded grace period and report the ones that hang.
   */
  beforeClose: (() => Promise<void>) | undefined;

  constructor(config: SessionConfig) {
    this.config = config;
    this.approvals = new PendingApprovals(config.approve);
    this.resampler = new InputResampler(config.model.audio.inputRate);
    this.responseWait = new ResponseWait(this.lifetime.signal, config.clock, config.responseWaitMs, () => this.checkIdle());
    this.liveTools = new LiveTools(config.catalog, (error) => this.emit({ type: 'error', error, fatal: false }));
    const store = config.store;
    this.history = new ConversationHistory(config.history, store === undefined ? undefined : (message) => store.append(message));
    if (store !== undefined) store.report = (error) => this.emit({ type: 'error', error, fatal: false });
    this.tracer = new SessionTracer(config.telemetry, {
      sessionId: store?.sessionId ?? config.runId,
      agentName: config.agentName,
      model: { provider: config.model.provider, modelId: config.model.modelId },
      ...(config.system === undefined ? {} : { system: config.system }),
    });
    this.fanout = new EventFanout(
      config.queue,
      (droppedChunks, droppedMs) => this.stamp({ type: 'audio-dropped', droppedChunks, droppedMs }),
      (error) => this.stamp({ type: 'error', error, fatal: false }),
    );
  }

  get runId(): string {
    return this.config.runId;
  }

  /** Aborts when the conversation ends. */
  get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  /** True from the moment the conversation started ending. */
  get ending(): boolean {
    return this.endReason !== undefined;
  }

  /**
   * Loads the session's stored history (the first time) and opens the first connection. Rejects with the
   * store's error or a `BidiConnectionError` (after emitting `connection-close`).
   */
  async open(): Promise<void> {
    try {
      if (!(await loadStoredHistory(this.config.store, this.history, this.config.startMessages, this.signal))) return;
      await this.connection.open();
    } catch (error) {
      this.emit({ type: 'error', error, fatal: true });
      this.end('error');
      await this.closed.promise;
      throw error;
    }
  }

  /** The tools as they are now; a refreshed list that breaks the name rules is reported and the last good one kept. */
  tools(): ToolSnapshot {
    return this.liveTools.current();
  }

  /** Sends user input, waiting out a reconnect; audio is resampled to the model's input rate. */
  async send(input: BidiInput): Promise<void> {
    if (this.ending) throw new BidiAgentStateError('The conversation has ended; call start() to begin a new one.');
    let turn: PendingUserTurn | undefined;
    if (input.type === 'text') {
      turn = this.history.addUser([{ type: 'text', text: input.text }]);
      this.latency.speechEnded(this.config.clock.now());
      this.responseWait.start();
    } else if (input.type === 'image') {
      turn = this.history.addUser([{ type: 'file', mediaType: input.mediaType, data: input.data }]);
    }
    const toSend = this.resampler.toModelRate(input);
    // A user turn counts as sent (and is replayed on a new connection) once a connection took it and was
    // not replaced meanwhile; otherwise it goes to the next connection as live input — never both.
    for (;;) {
      const connection = await this.connection.whenReady();
      const generation = this.connection.generation;
      try {
        await connection.send(toSend);
      } catch (error) {
        if (this.ending) return;
        this.connection.failed(error, generation);
        continue;
      }
      if (turn === undefined || this.ending || generation === this.connection.generation) {
        if (turn !== undefined) this.history.markSent(turn);
        return;
      }
    }
  }

  /** The inputs have all ended: finish once nothing is running or expected. */
  endWhenIdle(): void {
    this.inputsEnded = true;
    this.checkIdle();
  }

  /**
   * `cancel()`: from a tool of this conversation (`group`), or with `afterCurrentTools`, the end waits for
   * the group(s) to finish and be recorded; otherwise it is immediate.
   */
  cancel(options: { readonly message?: string; readonly afterCurrentTools?: boolean }, group: ToolGroupRun | undefined): void {
    if (this.ending) return;
    const fromTool = group !== undefined && group.owner === this && !group.finished;
    const waitFor = fromTool ? [group] : options.afterCurrentTools === true ? this.toolGroups.runningGroups() : [];
    if (waitFor.length === 0) {
      this.end('user-request', options.message ?? this.pendingEnd?.message);
      return;
    }
    if (this.pendingEnd === undefined) this.pendingEnd = { waitFor: new Set(), message: undefined };
    for (const run of waitFor) this.pendingEnd.waitFor.add(run);
    this.pendingEnd.message ??= options.message;
  }

  /** Ends the conversation now (tools' signals abort); `connection-close` follows once every group settled. */
  end(reason: BidiCloseReason, message?: string): void {
    if (this.endReason !== undefined) return;
    this.endReason = reason;
    this.pendingEnd = undefined;
    this.connection.fence();
    this.lifetime.abort();
    void this.finishEnd(reason, message);
  }

  /** Called by a consumer when it took an audio event: how much of a response it was given. */
  noteSent(consumerId: number | 'receive', event: BidiEvent): void {
    if (event.type !== 'audio') return;
    const consumer = this.fanout.get(consumerId);
    if (consumer === undefined) return;
    const ms = pcm16DurationMs(event.data.byteLength, event.sampleRate);
    consumer.sent =
      consumer.sent.responseId === event.responseId
        ? { responseId: event.responseId, ms: consumer.sent.ms + ms }
        : { responseId: event.responseId, ms };
  }

  /** An output reports how much of a response the listener has heard (see `BidiAgent.reportPlayed`). */
  reportPlayed(responseId: string, ms: number): void {
    this.playback.report(responseId, ms);
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

  // ── connection (ConnectionHost) ───────────────────────────────────────────

  /** @internal */
  connectRequest(): Omit<BidiConnectRequest, 'signal' | 'resumeToken'> {
    return {
      ...(this.config.system === undefined ? {} : { system: this.config.system }),
      tools: this.tools().definitions,
      messages: this.history.replay(this.toolGroups.undeliveredIds()),
    };
  }

  /** @internal */
  responseActive(): boolean {
    return this.responses.current !== undefined;
  }

  /** @internal */
  reconnected(): void {
    this.toolGroups.deliverPending();
    this.checkIdle();
  }

  /** A response cut off by a restart or the end: close it for consumers and keep its transcript. @internal */
  interruptResponse(): void {
    const response = this.responses.current;
    if (response === undefined) return;
    this.responses.end(response.id);
    this.history.flush('assistant');
    this.emit({ type: 'response-complete', responseId: response.id, stopReason: 'interrupted' });
  }

  // ── model events ──────────────────────────────────────────────────────────

  /** @internal */
  handle(event: BidiModelEvent): void {
    switch (event.type) {
      case 'response-start':
        this.responses.start(event.responseId);
        this.responseWait.answered();
        this.emit({ type: 'response-start', responseId: event.responseId });
        return;
      case 'audio':
        this.onAudio(event);
        return;
      case 'transcript':
        this.emit({ type: 'transcript', role: event.role, delta: event.delta, final: event.final });
        if (this.history.addTranscript(event.role, event.delta, event.final) && event.role === 'user') {
          this.latency.speechEnded(this.config.clock.now());
        }
        return;
      case 'tool-group':
        this.toolGroups.start(event.calls);
        return;
      case 'tool-cancel':
        this.toolGroups.cancel(event.toolCallIds);
        return;
      case 'barge-in':
        this.onBargeIn(event.responseId);
        return;
      case 'response-end':
        this.onResponseEnd(event.responseId, event.stopReason);
        return;
      case 'usage':
        this.emit({ type: 'usage', usage: event.usage, ...(event.responseId === undefined ? {} : { responseId: event.responseId }) });
        return;
      case 'error':
        this.emit({ type: 'error', error: event.error, fatal: event.fatal });
        if (event.fatal) this.end('error');
        return;
      case 'go-away':
        this.connection.goAway(event.resumeToken, event.timeLeftMs);
        return;
      case 'timeout':
        this.connection.restart('timeout', this.config.model.capabilities.resumption ? event.resumeToken : undefined);
        return;
    }
  }

  private onAudio(event: Extract<BidiModelEvent, { type: 'audio' }>): void {
    if (this.responses.isLate(event.responseId)) return;
    let response = this.responses.current;
    if (response?.id !== event.responseId) {
      // Audio of a response the provider did not announce: announce it, so outputs can tell responses apart.
      response = this.responses.start(event.responseId);
      this.responseWait.answered();
      this.emit({ type: 'response-start', responseId: event.responseId });
    }
    if (response.interrupted) return;
    let metrics: BidiAudioMetrics | undefined;
    if (!response.sawAudio) {
      response.sawAudio = true;
      metrics = this.latency.firstAudio(this.config.clock.now());
    }
    this.emit({
      type: 'audio',
      responseId: event.responseId,
      data: event.data,
      sampleRate: event.sampleRate,
      channels: 1,
      ...(metrics === undefined ? {} : { metrics }),
    });
  }

  private onBargeIn(responseId: string | undefined): void {
    const startedAt = this.config.clock.now();
    const interrupted = this.responses.interrupt(responseId);
    const flushedAudioChunks = this.fanout.flushAudio();
    const connection = this.connection.current;
    // Truncate at what the listener heard (reported by an output), never past the audio outputs were given.
    const playedMs = interrupted === undefined ? undefined : this.playback.truncationPoint(interrupted, this.fanout.sentMs(interrupted));
    if (interrupted !== undefined && playedMs !== undefined && this.config.model.capabilities.truncation && connection?.truncate !== undefined) {
      connection.truncate(interrupted, playedMs).catch((error: unknown) => {
        this.emit({ type: 'error', error, fatal: false });
      });
    }
    this.emit({
      type: 'barge-in',
      responseId: interrupted,
      metrics: { flushMs: this.config.clock.now() - startedAt, flushedAudioChunks },
    });
  }

  private onResponseEnd(responseId: string, stopReason: 'complete' | 'interrupted' | 'tool-use' | 'error'): void {
    this.history.flush('assistant');
    this.emit({ type: 'response-complete', responseId, stopReason });
    if (!this.responses.end(responseId)) return;
    if (this.connection.responseEnded()) return;
    this.toolGroups.deliverPending();
    this.checkIdle();
  }

  // ── tool groups (ToolGroupHost) ───────────────────────────────────────────

  /** @internal */
  groupRecorded(run: ToolGroupRun): boolean {
    if (this.ending) return false;
    const pendingEnd = this.pendingEnd;
    if (pendingEnd?.waitFor.delete(run) !== true) return true;
    if (pendingEnd.waitFor.size === 0) this.end('user-request', pendingEnd.message);
    return false;
  }

  /** @internal */
  deliveryTarget(): { readonly connection: BidiConnection; readonly generation: number } | undefined {
    const connection = this.connection.current;
    if (connection === undefined || this.ending) return undefined;
    if (!this.config.model.capabilities.nativeAsyncTools && this.responses.current !== undefined) return undefined;
    return { connection, generation: this.connection.generation };
  }

  /** @internal */
  resultsSent(): void {
    this.latency.resultsSent(this.config.clock.now());
    this.responseWait.start();
  }

  /** @internal */
  connectionGeneration(): number {
    return this.connection.generation;
  }

  /** @internal */
  deliveryFailed(error: unknown, generation: number): void {
    this.connection.failed(error, generation);
  }

  /** @internal */
  settled(): void {
    this.checkIdle();
  }

  // ── ending ────────────────────────────────────────────────────────────────

  private checkIdle(): void {
    if (!this.inputsEnded || this.ending || this.pendingEnd !== undefined) return;
    if (this.toolGroups.busy) return;
    if (this.responses.current !== undefined || this.connection.busy || this.responseWait.waiting) return;
    this.end('complete');
  }

  private async finishEnd(reason: BidiCloseReason, message: string | undefined): Promise<void> {
    this.interruptResponse();
    await this.toolGroups.settleAll();
    if (message !== undefined && message.length > 0) this.history.addAssistantText(message);
    await this.connection.close();
    // Pending session appends settle first (bounded by stopGraceMs); one still pending is reported.
    const unstored = await storeSettled(this.config.store, this.config.clock, this.config.stopGraceMs);
    if (unstored !== undefined) this.emit({ type: 'error', error: unstored, fatal: false });
    await this.beforeClose?.();
    this.emit({ type: 'connection-close', reason });
    this.fanout.close();
    this.closed.resolve(reason);
  }
}
