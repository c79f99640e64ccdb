import type { BidiConnection, BidiSessionUpdate, SendToolResultsOptions } from '../spec/bidi-model/v1/bidi-connection.js';
import type { ToolDelivery } from '../spec/language-model/v1/tool-definition.js';
import type { BidiConnectRequest } from '../spec/bidi-model/v1/bidi-connect-request.js';
import type { BidiInput } from '../spec/bidi-model/v1/bidi-input.js';
import type { BidiModelEvent } from '../spec/bidi-model/v1/bidi-model-event.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { Clock } from '../clock/clock.js';
import { sleep } from '../util/sleep.js';
import { bidiResponseEvents, bidiToolGroup, type BidiResponseEventsOptions, type ScriptedBidiToolCall } from './scripted-bidi-model-events.js';
import { ScriptedEventQueue } from './scripted-bidi-model-queue.js';

/**
 * What a scripted reaction returns: events to emit on the connection (or nothing). @example `onInput: () => bidiResponseEvents('Hi!')`
 *
 * @category Scripted bidi models
 */
export type ScriptedBidiReaction = void | readonly BidiModelEvent[] | PromiseLike<void | readonly BidiModelEvent[]>;

/**
 * One entry of {@link ScriptedBidiModel.log}: everything the agent did to the model, in order. @example `model.log.filter((entry) => entry.type === 'connect').length`
 *
 * @category Scripted bidi models
 */
export type ScriptedBidiRecord =
  | { readonly type: 'connect'; readonly connection: number; readonly request: Omit<BidiConnectRequest, 'signal'> }
  | { readonly type: 'input'; readonly connection: number; readonly input: BidiInput }
  | {
      readonly type: 'tool-results';
      readonly connection: number;
      readonly results: readonly ToolResult[];
      /** The `delivery` option the agent passed (absent when it passed none). */
      readonly delivery?: ToolDelivery;
    }
  | { readonly type: 'update'; readonly connection: number; readonly update: BidiSessionUpdate }
  | { readonly type: 'truncate'; readonly connection: number; readonly responseId: string; readonly playedMs: number }
  | { readonly type: 'close'; readonly connection: number };

/** @internal What a connection needs from its model. */
export interface ScriptedBidiConnectionHost {
  readonly clock: Clock;
  record(entry: ScriptedBidiRecord): void;
  reactToInput(input: BidiInput, connection: ScriptedBidiConnection): ScriptedBidiReaction;
  reactToToolResults(results: readonly ToolResult[], connection: ScriptedBidiConnection): ScriptedBidiReaction;
}

/**
 * One connection of a {@link ScriptedBidiModel}. Tests drive it: `emit()` model events on cue, and
 * simulate the provider's side of a session ending (`timeOut()`, `goAway()`, `drop()`, `end()`).
 * It records what the agent sent on it (`inputs`, `toolResults`, `truncations`, `closed`).
 *
 * @example
 * ```ts
 * const connection = model.connection;                   // the latest one
 * connection.emit(bidiToolGroup([{ name: 'set_timer', input: { seconds: 5 } }]));
 * connection.respond('Sure, timer set.');
 * connection.timeOut();                                   // the agent reconnects
 * ```
 *
 * @category Scripted bidi models
 */
export class ScriptedBidiConnection implements BidiConnection {
  /** 0-based index among the model's connections. */
  readonly index: number;
  /** The connect request (its messages copied at connect time; the signal left out). */
  readonly request: Omit<BidiConnectRequest, 'signal'>;
  /** Every input sent on this connection. */
  readonly inputs: BidiInput[] = [];
  /** Every `sendToolResults` call on this connection: one entry per call. */
  readonly toolResults: (readonly ToolResult[])[] = [];
  /** The `delivery` option of each `sendToolResults` call, index for index with `toolResults`. */
  readonly deliveries: (ToolDelivery | undefined)[] = [];
  /** Every `update()` call. */
  readonly updates: BidiSessionUpdate[] = [];
  /** Every `truncate` call. */
  readonly truncations: { readonly responseId: string; readonly playedMs: number }[] = [];
  private readonly host: ScriptedBidiConnectionHost;
  private readonly queue = new ScriptedEventQueue<BidiModelEvent>();
  private readonly lifetime = new AbortController();
  private iterated = false;
  private closedByAgent = false;

  /** @internal */
  constructor(host: ScriptedBidiConnectionHost, index: number, request: BidiConnectRequest) {
    this.host = host;
    this.index = index;
    const { signal: _signal, ...rest } = request;
    this.request = { ...rest, messages: [...request.messages], tools: [...request.tools] };
  }

  /** True once the agent called `close()`. */
  get closed(): boolean {
    return this.closedByAgent;
  }

  /** True once the event stream ended (closed, timed out, dropped or ended by the provider). */
  get finished(): boolean {
    return this.queue.finished;
  }

  /** Events emitted but not yet read by the agent. */
  get pendingEvents(): number {
    return this.queue.size;
  }

  /** Aborts when the connection closes or its stream ends. */
  get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  /** Emits model events now, in order. Throws if the stream already ended (a test mistake). */
  emit(...events: readonly BidiModelEvent[]): void {
    if (this.queue.finished) {
      throw new Error(`ScriptedBidiConnection #${this.index}: cannot emit on a connection whose stream has ended.`);
    }
    for (const event of events) this.queue.push(event);
  }

  /**
   * Emits events one by one, `delayMs` apart on the model's clock (the first after `delayMs`).
   * Stops quietly when the connection ends first.
   */
  async emitPaced(delayMs: number, ...events: readonly BidiModelEvent[]): Promise<void> {
    for (const event of events) {
      try {
        await sleep(delayMs, this.lifetime.signal, this.host.clock);
      } catch {
        return;
      }
      if (this.queue.finished) return;
      this.queue.push(event);
    }
  }

  /** Emits a whole response ({@link bidiResponseEvents}) and returns its id. */
  respond(text: string, options: BidiResponseEventsOptions = {}): string {
    const events = bidiResponseEvents(text, options);
    this.emit(...events);
    const first = events[0];
    return first?.type === 'response-start' ? first.responseId : '';
  }

  /** Emits a `tool-group` event ({@link bidiToolGroup}) and returns its calls with their ids. */
  requestTools(calls: readonly ScriptedBidiToolCall[]): ReturnType<typeof bidiToolGroup>['calls'] {
    const group = bidiToolGroup(calls);
    this.emit(group);
    return group.calls;
  }

  /** Simulates a provider time-out: a `timeout` event, then the stream ends. */
  timeOut(options: { readonly resumeToken?: string } = {}): void {
    this.emit({ type: 'timeout', ...options });
    this.finish();
  }

  /**
   * Simulates a go-away: a `go-away` event now; when `timeLeftMs` is given, the provider ends the
   * stream after that long on the clock (unless it ended before).
   */
  goAway(options: { readonly timeLeftMs?: number; readonly resumeToken?: string } = {}): void {
    this.emit({ type: 'go-away', ...options });
    if (options.timeLeftMs !== undefined) {
      sleep(options.timeLeftMs, this.lifetime.signal, this.host.clock).then(
        () => this.finish(),
        () => undefined,
      );
    }
  }

  /** Simulates a lost connection: after the queued events, `events()` throws `error`. */
  drop(error: unknown = new Error('ScriptedBidiConnection: connection lost')): void {
    this.queue.fail(error);
    this.lifetime.abort();
  }

  /** Simulates the provider closing the session normally: the stream ends after the queued events. */
  end(): void {
    this.finish();
  }

  async send(input: BidiInput): Promise<void> {
    this.assertUsable('send');
    this.inputs.push(input);
    this.host.record({ type: 'input', connection: this.index, input });
    await this.react(this.host.reactToInput(input, this));
  }

  async sendToolResults(results: readonly ToolResult[], options: SendToolResultsOptions = {}): Promise<void> {
    this.assertUsable('sendToolResults');
    const copy = [...results];
    this.toolResults.push(copy);
    this.deliveries.push(options.delivery);
    this.host.record({
      type: 'tool-results',
      connection: this.index,
      results: copy,
      ...(options.delivery === undefined ? {} : { delivery: options.delivery }),
    });
    await this.react(this.host.reactToToolResults(copy, this));
  }

  /** Records the change (a live session update); the scripted session takes every change. */
  async update(update: BidiSessionUpdate): Promise<void> {
    this.assertUsable('update');
    this.updates.push(update);
    this.host.record({ type: 'update', connection: this.index, update });
  }

  async truncate(responseId: string, playedMs: number): Promise<void> {
    this.assertUsable('truncate');
    this.truncations.push({ responseId, playedMs });
    this.host.record({ type: 'truncate', connection: this.index, responseId, playedMs });
  }

  events(): AsyncIterable<BidiModelEvent> {
    if (this.iterated) throw new Error(`ScriptedBidiConnection #${this.index}: events() may be iterated only once.`);
    this.iterated = true;
    return this.queue.iterate();
  }

  async close(): Promise<void> {
    if (this.closedByAgent) return;
    this.closedByAgent = true;
    this.host.record({ type: 'close', connection: this.index });
    this.queue.discard();
    this.lifetime.abort();
  }

  /** @internal Ends the connection when the connect request's signal aborts. */
  abortFromRequest(): void {
    this.queue.discard();
    this.lifetime.abort();
  }

  private finish(): void {
    this.queue.end();
    this.lifetime.abort();
  }

  private assertUsable(method: string): void {
    if (this.closedByAgent || this.queue.finished) {
      throw new Error(`ScriptedBidiConnection #${this.index}: ${method}() on a connection that has ended.`);
    }
  }

  private async react(reaction: ScriptedBidiReaction): Promise<void> {
    const events = await reaction;
    if (events !== undefined && !this.queue.finished) this.emit(...events);
  }
}
