import type { BidiAudioConfig } from '../spec/bidi-model/v1/bidi-audio-config.js';
import type { BidiConnectRequest } from '../spec/bidi-model/v1/bidi-connect-request.js';
import type { BidiInput } from '../spec/bidi-model/v1/bidi-input.js';
import type { BidiModelCapabilities } from '../spec/bidi-model/v1/bidi-model-capabilities.js';
import type { BidiModelV1 } from '../spec/bidi-model/v1/bidi-model-v1.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { ToolDelivery } from '../spec/language-model/v1/tool-definition.js';
import type { Clock } from '../clock/clock.js';
import { systemClock } from '../clock/system-clock.js';
import { sleep } from '../util/sleep.js';
import {
  ScriptedBidiConnection,
  type ScriptedBidiReaction,
  type ScriptedBidiRecord,
} from './scripted-bidi-model-connection.js';

/** The real `setImmediate`, taken at load: `until()`/`settle()` keep working under `vi.useFakeTimers()`. */
const realSetImmediate: typeof setImmediate = globalThis.setImmediate;

/** One macrotask turn, on the real event loop. */
function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => realSetImmediate(resolve));
}

/**
 * Options of {@link ScriptedBidiModel}. Every reaction may return events to emit on the connection.
 *
 * @example
 * ```ts
 * new ScriptedBidiModel({ clock, capabilities: { nativeAsyncTools: false }, onInput: () => bidiResponseEvents('OK.') });
 * ```
 *
 * @category Scripted bidi models
 */
export interface ScriptedBidiModelOptions {
  /** Drives paced emits, `goAway({ timeLeftMs })` and `timeoutAfterMs`; default the system clock. */
  readonly clock?: Clock;
  readonly provider?: string;
  readonly modelId?: string;
  /** Default: truncation, native async tools, no resumption, no connection limit. */
  readonly capabilities?: Partial<BidiModelCapabilities>;
  /** Default: 16 kHz in, 24 kHz out, mono. */
  readonly audio?: Partial<Omit<BidiAudioConfig, 'channels'>>;
  /** Each connection times out (a `timeout` event, then its stream ends) this long after it opened. */
  readonly timeoutAfterMs?: number;
  /** Called for every connection once it is open. */
  onConnect?(connection: ScriptedBidiConnection, request: BidiConnectRequest): ScriptedBidiReaction;
  /** Called for every input sent (after it was recorded). */
  onInput?(input: BidiInput, connection: ScriptedBidiConnection): ScriptedBidiReaction;
  /** Called for every `sendToolResults` call (after it was recorded). */
  onToolResults?(results: readonly ToolResult[], connection: ScriptedBidiConnection): ScriptedBidiReaction;
}

/**
 * An offline {@link BidiModelV1} for testing voice agents deterministically: the test emits any model
 * event on cue — on the current connection, or as scripted reactions to what the agent sends — and
 * reads back everything the agent sent. Time-outs, go-aways and dropped connections are one call each.
 *
 * - `connections` holds every connection in order; `connection` is the latest.
 * - `log` records connects (with the request, incl. replayed messages), inputs, each `sendToolResults`
 *   call as one entry, truncations and closes, across all connections, in order.
 * - `failNextConnect(error)` makes the next `connect()` reject.
 * - `until(predicate)` lets the agent work (macrotask turns, no timers) until `predicate` holds.
 *
 * @example
 * ```ts
 * import { ManualClock, ScriptedBidiModel } from '@tandem/core/testing';
 *
 * const clock = new ManualClock();
 * const model = new ScriptedBidiModel({
 *   clock,
 *   onInput: (input, connection) =>
 *     input.type === 'text' && input.text.includes('timer')
 *       ? [bidiToolGroup([{ name: 'set_timer', input: { seconds: 5 }, id: 'timer' }])]
 *       : bidiResponseEvents('Sure.'),
 *   onToolResults: () => bidiResponseEvents('Your timer is done!'),
 * });
 * const agent = new BidiAgent({ model, tools: [setTimer], clock });
 * await agent.start();
 * await agent.send('Set a timer for 5 seconds');
 * await clock.advance(5_000);
 * await model.until(() => model.toolResultCalls.length === 1);
 * expect(model.toolResultCalls[0]?.[0]?.toolCallId).toBe('timer');
 * ```
 *
 * @category Scripted bidi models
 */
export class ScriptedBidiModel implements BidiModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: BidiModelCapabilities;
  readonly audio: BidiAudioConfig;
  /** Every connection, in the order they were opened. */
  readonly connections: ScriptedBidiConnection[] = [];
  /** Everything the agent did to the model, in order. */
  readonly log: ScriptedBidiRecord[] = [];
  readonly clock: Clock;
  private readonly options: ScriptedBidiModelOptions;
  private readonly connectFailures: unknown[] = [];

  constructor(options: ScriptedBidiModelOptions = {}) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.provider = options.provider ?? 'scripted';
    this.modelId = options.modelId ?? 'scripted-bidi-model';
    this.capabilities = {
      truncation: true,
      nativeAsyncTools: true,
      resumption: false,
      ...options.capabilities,
    };
    this.audio = { inputRate: 16_000, outputRate: 24_000, ...options.audio, channels: 1 };
  }

  /** The latest connection. Throws when none was opened yet. */
  get connection(): ScriptedBidiConnection {
    const latest = this.connections.at(-1);
    if (latest === undefined) throw new Error('ScriptedBidiModel: no connection yet — start the agent first.');
    return latest;
  }

  /** Every `sendToolResults` call across all connections, one entry per call, in order. */
  get toolResultCalls(): (readonly ToolResult[])[] {
    const calls: (readonly ToolResult[])[] = [];
    for (const entry of this.log) if (entry.type === 'tool-results') calls.push(entry.results);
    return calls;
  }

  /** The `delivery` option of every `sendToolResults` call across all connections, index for index with `toolResultCalls`. */
  get toolResultDeliveries(): (ToolDelivery | undefined)[] {
    const deliveries: (ToolDelivery | undefined)[] = [];
    for (const entry of this.log) if (entry.type === 'tool-results') deliveries.push(entry.delivery);
    return deliveries;
  }

  /** Every `{ type: 'context' }` input (notes that are not user turns) across all connections, in order. */
  get contextInputs(): Extract<BidiInput, { type: 'context' }>[] {
    const notes: Extract<BidiInput, { type: 'context' }>[] = [];
    for (const entry of this.log) if (entry.type === 'input' && entry.input.type === 'context') notes.push(entry.input);
    return notes;
  }

  /** Every input sent across all connections, in order. */
  get inputs(): BidiInput[] {
    const inputs: BidiInput[] = [];
    for (const entry of this.log) if (entry.type === 'input') inputs.push(entry.input);
    return inputs;
  }

  /** Makes the next `connect()` reject with `error` (queue several for several failures). */
  failNextConnect(error: unknown): void {
    this.connectFailures.push(error);
  }

  async connect(request: BidiConnectRequest): Promise<ScriptedBidiConnection> {
    request.signal?.throwIfAborted();
    if (this.connectFailures.length > 0) throw this.connectFailures.shift();
    const connection = new ScriptedBidiConnection(
      {
        clock: this.clock,
        record: (entry) => this.log.push(entry),
        reactToInput: (input, conn) => this.options.onInput?.(input, conn),
        reactToToolResults: (results, conn) => this.options.onToolResults?.(results, conn),
      },
      this.connections.length,
      request,
    );
    this.connections.push(connection);
    this.log.push({ type: 'connect', connection: connection.index, request: connection.request });
    const { signal } = request;
    if (signal !== undefined) {
      // Listen only while the connection lives, so reconnects don't pile listeners on a long-lived signal.
      const onAbort = (): void => connection.abortFromRequest();
      signal.addEventListener('abort', onAbort, { once: true });
      connection.signal.addEventListener('abort', () => signal.removeEventListener('abort', onAbort), { once: true });
    }
    if (this.options.timeoutAfterMs !== undefined) {
      sleep(this.options.timeoutAfterMs, connection.signal, this.clock).then(
        () => {
          if (!connection.finished) connection.timeOut();
        },
        () => undefined,
      );
    }
    const events = await this.options.onConnect?.(connection, request);
    if (events !== undefined) connection.emit(...events);
    return connection;
  }

  /**
   * Lets pending work run — one macrotask turn at a time, no timers (also under fake timers) — until `predicate` holds.
   * Throws after `maxTurns` turns (default 1000) so a broken expectation fails instead of hanging.
   */
  async until(predicate: () => boolean, options: { readonly maxTurns?: number } = {}): Promise<void> {
    const maxTurns = options.maxTurns ?? 1000;
    for (let turn = 0; turn < maxTurns; turn++) {
      if (predicate()) return;
      await nextTurn();
    }
    if (!predicate()) throw new Error(`ScriptedBidiModel.until(): condition not met after ${String(maxTurns)} turns.`);
  }

  /** Lets pending work run for `turns` macrotask turns (default 20), e.g. to check something did not happen. */
  async settle(turns = 20): Promise<void> {
    for (let turn = 0; turn < turns; turn++) await nextTurn();
  }
}
