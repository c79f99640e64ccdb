import type { BidiConnection, BidiConnectRequest, BidiModel, BidiModelEvent, BidiSessionUpdate } from '@tandem/core/spec';
import { sleep } from '@tandem/core';
import type { BidiCloseReason, BidiEventBody, BidiRestartReason } from '../bidi-event.js';
import { BidiAgentStateError } from '../errors/bidi-agent-state-error.js';
import { BidiConnectionError } from '../errors/bidi-connection-error.js';
import { connectWithRetry } from './connect-with-retry.js';
import { deferred, type Deferred } from '../util/deferred.js';
import type { SessionConfig } from '../session/session-config.js';

/** What a {@link ConnectionLifecycle} needs from its conversation. @internal */
export interface ConnectionHost {
  readonly config: SessionConfig;
  /** The model of the active agent (a handoff or `update({ model })` may change it). */
  model(): BidiModel;
  /** Aborts when the conversation ends. */
  readonly signal: AbortSignal;
  readonly ending: boolean;
  emit(body: BidiEventBody): void;
  /** Handles one event of the current connection (stale connections' events never get here). */
  handle(event: BidiModelEvent): void;
  /** True while a model response is in progress (restarts wait for its end). */
  responseActive(): boolean;
  /** A restart cuts off the response in progress. */
  interruptResponse(): void;
  /** The connect request minus `signal` and `resumeToken`, built when each attempt starts (its history through the context manager). */
  connectRequest(): Promise<Omit<BidiConnectRequest, 'signal' | 'resumeToken'>>;
  /** A replacement connection is open (deliver held results, re-check idleness). */
  reconnected(): void;
  /** A connection opened (the first or a replacement), made from the last connect request built. */
  attached(): void;
  /** The provider ended the current connection's stream normally. */
  streamEnded(): void;
  end(reason: BidiCloseReason): void;
}

/** A connection that fails sooner than this after it opened "died young": the next reconnect backs off. */
const YOUNG_MS = 10_000;

/**
 * The connection of one conversation and its replacements. Each connection gets a generation; events,
 * failures and timers of an older generation are ignored (fenced). Restarts happen at a turn boundary:
 * at once when no response is in progress, else when it ends. @internal
 */
export class ConnectionLifecycle {
  private generationValue = 0;
  private connection: BidiConnection | undefined;
  private ready: Deferred<BidiConnection> = deferred();
  private restarting = false;
  private pendingRestart: { readonly reason: BidiRestartReason; readonly resumeToken?: string } | undefined;
  /** Live updates (`connection.update()`) in flight: results wait for them. */
  private updating = 0;
  /** Resolved when the next connection opens (or the conversation ends): restarts for a new setup wait here. */
  private nextAttach: Deferred<void> = deferred();
  /** Cancels the timers of the current connection when it is replaced or closed. */
  private timers = new AbortController();
  /** The one restart timer of the current connection (connection limit, or a go-away's time left). */
  private restartTimer: AbortController | undefined;
  private openedAt = 0;
  private endedGeneration = -1;
  /** Connections in a row that died young. */
  private youngDeaths = 0;

  constructor(private readonly host: ConnectionHost) {}

  /** Generation of the current connection; bumped by every restart and by {@link fence}. */
  get generation(): number {
    return this.generationValue;
  }

  /** The open connection, or `undefined` while (re)connecting or after the end. */
  get current(): BidiConnection | undefined {
    return this.restarting ? undefined : this.connection;
  }

  get busy(): boolean {
    return this.restarting;
  }

  /**
   * True while results must wait for a new setup to reach the model: a live update is in flight, or a
   * restart for a new setup (`update`, `handoff`) waits for a turn boundary — so they reach the new agent.
   */
  get holdsResults(): boolean {
    return this.updating > 0 || this.pendingRestart?.reason === 'update' || this.pendingRestart?.reason === 'handoff';
  }

  /**
   * Changes the live session with `connection.update()` when the model has `capabilities.liveUpdate` and
   * the connection the method. Resolves true once applied; false when it must reconnect instead (no live
   * update, a restart under way, or the vendor refused — reported as a `warning`).
   */
  async liveUpdate(update: BidiSessionUpdate): Promise<boolean> {
    const connection = this.current;
    if (this.host.ending) return true;
    if (connection?.update === undefined || this.host.model().capabilities.liveUpdate !== true || this.pendingRestart !== undefined) return false;
    const generation = this.generationValue;
    this.updating++;
    try {
      await connection.update(update);
      return true;
    } catch (error) {
      if (generation !== this.generationValue) return true; // replaced meanwhile: the new connection has the new setup
      const message = error instanceof Error ? error.message : String(error);
      this.host.emit({ type: 'warning', code: 'live-update-refused', message: `The live session refused the update (${message}); reconnecting with the new setup instead.` });
      return false;
    } finally {
      this.updating--;
    }
  }

  /**
   * Replaces the connection at the next turn boundary for a new setup — waiting for the response in
   * progress at most `responseWaitMs` (a response that waits for the results held for the new agent would
   * never end) — and resolves once the new one is open (or the conversation ended).
   */
  restartForSetup(reason: 'update' | 'handoff'): Promise<void> {
    if (this.host.ending) return Promise.resolve();
    const opened = this.nextAttach.promise;
    if (!this.restarting) {
      this.requestRestart(reason, undefined);
      if (this.pendingRestart !== undefined) this.armRestartTimer(this.host.config.responseWaitMs, () => this.restart(reason, undefined));
    }
    return opened;
  }

  /** Opens the first connection; rejects with `BidiConnectionError` when every attempt failed. */
  async open(): Promise<void> {
    this.generationValue = 1;
    const connection = await this.connect(1, undefined);
    if (connection !== undefined) this.attach(connection, 1);
  }

  /** The current connection, waiting out a restart; rejects once the conversation has ended. */
  whenReady(): Promise<BidiConnection> {
    if (this.host.ending) return Promise.reject(new BidiAgentStateError('The conversation has ended; call start() to begin a new one.'));
    return this.connection !== undefined && !this.restarting ? Promise.resolve(this.connection) : this.ready.promise;
  }

  /** The connection failed (a send, or its stream threw): report it and reconnect. */
  failed(error: unknown, generation: number): void {
    if (this.host.ending || generation !== this.generationValue) return;
    this.host.emit({ type: 'error', error, fatal: false });
    this.restart('connection-lost', undefined);
  }

  /** True when the provider ended the current connection's stream normally. */
  get streamEnded(): boolean {
    return this.endedGeneration === this.generationValue;
  }

  /** True while a restart waits for a turn boundary. */
  get restartWanted(): boolean {
    return this.pendingRestart !== undefined;
  }

  /** Restarts now when no response is in progress, else at its end. */
  requestRestart(reason: BidiRestartReason, resumeToken: string | undefined): void {
    if (!this.host.responseActive()) this.restart(reason, resumeToken);
    else this.pendingRestart = { reason, ...(resumeToken === undefined ? {} : { resumeToken }) };
  }

  /** A `go-away`: restart at the next turn boundary, or when `timeLeftMs` runs out. */
  goAway(resumeToken: string | undefined, timeLeftMs: number | undefined): void {
    const token = this.host.model().capabilities.resumption ? resumeToken : undefined;
    this.requestRestart('go-away', token);
    if (this.pendingRestart === undefined) return;
    // The go-away replaces the connection-limit timer: one restart timer per connection.
    if (timeLeftMs === undefined) this.restartTimer?.abort();
    else this.armRestartTimer(timeLeftMs, () => this.restart('go-away', token));
  }

  /** Runs a restart that was waiting for a turn boundary. */
  runPendingRestart(): void {
    const pending = this.pendingRestart;
    if (pending !== undefined) this.restart(pending.reason, pending.resumeToken);
  }

  /** Replaces the connection now (the old one is closed and fenced). */
  restart(reason: BidiRestartReason, resumeToken: string | undefined): void {
    if (this.host.ending || this.restarting) return;
    // A new setup always reconnects (one attempt at least); only failures and time-outs obey maxAttempts 0.
    if (this.host.config.reconnect.maxAttempts <= 0 && reason !== 'update' && reason !== 'handoff') {
      this.host.end(reason === 'connection-lost' ? 'error' : 'timeout');
      return;
    }
    this.restarting = true;
    this.pendingRestart = undefined;
    if (reason === 'connection-lost' && this.host.config.clock.now() - this.openedAt < YOUNG_MS) this.youngDeaths++;
    else this.youngDeaths = 0;
    const old = this.connection;
    this.connection = undefined;
    this.timers.abort();
    const generation = ++this.generationValue;
    this.ready = deferred();
    this.host.interruptResponse();
    this.host.emit({ type: 'connection-restart', reason, generation });
    void old?.close().catch(() => undefined);
    void this.reopen(generation, resumeToken);
  }

  /** The conversation is ending: fence every connection and fail waiting sends. */
  fence(): void {
    this.generationValue++;
    this.pendingRestart = undefined;
    this.ready.reject(new BidiAgentStateError('The conversation has ended; call start() to begin a new one.'));
    this.nextAttach.resolve();
  }

  /** Closes the current connection (after {@link fence}). */
  async close(): Promise<void> {
    this.timers.abort();
    const connection = this.connection;
    this.connection = undefined;
    await connection?.close().catch(() => undefined);
  }

  private connect(generation: number, resumeToken: string | undefined): Promise<BidiConnection | undefined> {
    const { config, signal } = this.host;
    return connectWithRetry({
      model: this.host.model(),
      reconnect: config.reconnect,
      clock: config.clock,
      signal,
      isStale: () => this.host.ending || generation !== this.generationValue,
      request: async () => ({ ...(await this.host.connectRequest()), signal, ...(resumeToken === undefined ? {} : { resumeToken }) }),
    });
  }

  private async reopen(generation: number, resumeToken: string | undefined): Promise<void> {
    let connection: BidiConnection | undefined;
    try {
      if (!(await this.backOff(generation))) return;
      connection = await this.connect(generation, resumeToken);
    } catch (error) {
      this.restarting = false;
      this.host.emit({ type: 'error', error, fatal: true });
      this.host.end('error');
      return;
    }
    this.restarting = false;
    if (connection === undefined) return;
    this.attach(connection, generation);
    this.host.reconnected();
  }

  /**
   * Before reconnecting after connections that died young: wait `initialDelayMs` doubling per death (at
   * most `maxDelayMs`); after `maxAttempts` in a row, give up (`BidiConnectionError`). False when the wait
   * was cut short (the conversation ended or a newer restart began).
   */
  private async backOff(generation: number): Promise<boolean> {
    const { reconnect, clock } = this.host.config;
    // The first reconnect after a failure is immediate; connections dying young again and again back off.
    if (this.youngDeaths <= 1) return true;
    if (this.youngDeaths > Math.max(1, reconnect.maxAttempts)) {
      throw new BidiConnectionError({ attempts: this.youngDeaths, cause: new Error(`${String(this.youngDeaths)} connections in a row failed within ${String(YOUNG_MS)} ms of opening`) });
    }
    const delay = Math.min(reconnect.initialDelayMs * 2 ** (this.youngDeaths - 2), reconnect.maxDelayMs);
    try {
      await sleep(delay, this.host.signal, clock);
    } catch {
      return false;
    }
    return !this.host.ending && generation === this.generationValue;
  }

  private attach(connection: BidiConnection, generation: number): void {
    this.connection = connection;
    this.timers = new AbortController();
    this.openedAt = this.host.config.clock.now();
    this.host.emit({ type: 'connection-start', generation });
    this.ready.resolve(connection);
    const attach = this.nextAttach;
    this.nextAttach = deferred();
    this.host.attached();
    attach.resolve();
    void this.read(connection, generation);
    const { maxConnectionMs } = this.host.model().capabilities;
    if (maxConnectionMs === undefined) return;
    const wait = Math.max(0, maxConnectionMs - this.host.config.reconnect.marginMs);
    this.armRestartTimer(wait, () => this.requestRestart('max-duration', undefined));
  }

  /** (Re)arms the connection's one restart timer; it is cancelled when the connection is replaced or closed. */
  private armRestartTimer(ms: number, fire: () => void): void {
    this.restartTimer?.abort();
    const timer = new AbortController();
    this.restartTimer = timer;
    const generation = this.generationValue;
    sleep(ms, AbortSignal.any([this.host.signal, this.timers.signal, timer.signal]), this.host.config.clock).then(
      () => {
        if (generation === this.generationValue) fire();
      },
      () => undefined,
    );
  }

  private async read(connection: BidiConnection, generation: number): Promise<void> {
    try {
      for await (const event of connection.events()) {
        if (generation !== this.generationValue) return;
        this.host.handle(event);
      }
    } catch (error) {
      this.failed(error, generation);
      return;
    }
    if (generation !== this.generationValue) return;
    this.endedGeneration = generation;
    this.host.streamEnded();
  }
}
