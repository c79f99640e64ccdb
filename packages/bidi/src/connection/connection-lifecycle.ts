import type { BidiConnection, BidiConnectRequest, BidiModelEvent } from '@tandem/core/spec';
import { sleep } from '@tandem/core';
import type { BidiCloseReason, BidiEventBody, BidiRestartReason } from '../bidi-event.js';
import { BidiAgentStateError } from '../errors/bidi-agent-state-error.js';
import { connectWithRetry } from './connect-with-retry.js';
import { deferred, type Deferred } from '../util/deferred.js';
import type { SessionConfig } from '../session/session-config.js';

/** What a {@link ConnectionLifecycle} needs from its conversation. @internal */
export interface ConnectionHost {
  readonly config: SessionConfig;
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
  /** The connect request minus `signal` and `resumeToken`, built when each attempt starts. */
  connectRequest(): Omit<BidiConnectRequest, 'signal' | 'resumeToken'>;
  /** A replacement connection is open (deliver held results, re-check idleness). */
  reconnected(): void;
  end(reason: BidiCloseReason): void;
}

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
  /** Cancels the timers of the current connection when it is replaced or closed. */
  private timers = new AbortController();

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

  /** Restarts now when no response is in progress, else at its end. */
  requestRestart(reason: BidiRestartReason, resumeToken: string | undefined): void {
    if (!this.host.responseActive()) this.restart(reason, resumeToken);
    else this.pendingRestart = { reason, ...(resumeToken === undefined ? {} : { resumeToken }) };
  }

  /** A `go-away`: restart at the next turn boundary, or when `timeLeftMs` runs out. */
  goAway(resumeToken: string | undefined, timeLeftMs: number | undefined): void {
    const token = this.host.config.model.capabilities.resumption ? resumeToken : undefined;
    this.requestRestart('go-away', token);
    if (timeLeftMs === undefined || this.pendingRestart === undefined) return;
    const generation = this.generationValue;
    sleep(timeLeftMs, AbortSignal.any([this.host.signal, this.timers.signal]), this.host.config.clock).then(
      () => {
        if (generation === this.generationValue && this.pendingRestart !== undefined) this.restart('go-away', token);
      },
      () => undefined,
    );
  }

  /** A response ended: run a restart that was waiting for it. Returns true when one started. */
  responseEnded(): boolean {
    const pending = this.pendingRestart;
    if (pending === undefined) return false;
    this.restart(pending.reason, pending.resumeToken);
    return true;
  }

  /** Replaces the connection now (the old one is closed and fenced). */
  restart(reason: BidiRestartReason, resumeToken: string | undefined): void {
    if (this.host.ending || this.restarting) return;
    if (this.host.config.reconnect.maxAttempts <= 0) {
      this.host.end(reason === 'connection-lost' ? 'error' : 'timeout');
      return;
    }
    this.restarting = true;
    this.pendingRestart = undefined;
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
      model: config.model,
      reconnect: config.reconnect,
      clock: config.clock,
      signal,
      isStale: () => this.host.ending || generation !== this.generationValue,
      request: () => ({ ...this.host.connectRequest(), signal, ...(resumeToken === undefined ? {} : { resumeToken }) }),
    });
  }

  private async reopen(generation: number, resumeToken: string | undefined): Promise<void> {
    let connection: BidiConnection | undefined;
    try {
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

  private attach(connection: BidiConnection, generation: number): void {
    this.connection = connection;
    this.timers = new AbortController();
    this.host.emit({ type: 'connection-start', generation });
    this.ready.resolve(connection);
    void this.read(connection, generation);
    const { maxConnectionMs } = this.host.config.model.capabilities;
    if (maxConnectionMs === undefined) return;
    const wait = Math.max(0, maxConnectionMs - this.host.config.reconnect.marginMs);
    sleep(wait, AbortSignal.any([this.host.signal, this.timers.signal]), this.host.config.clock).then(
      () => {
        if (generation === this.generationValue) this.requestRestart('max-duration', undefined);
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
    if (!this.responseEnded()) this.host.end('complete');
  }
}
