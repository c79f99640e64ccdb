import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { APICallError, type BidiConnection, type BidiInput, type BidiModelEvent, type SendToolResultsOptions, type ToolResult } from '@tandem/core/spec';
import { AsyncEventQueue, connectDeadline, InvalidRequestError, RealtimeUnsupportedError, startConnectionLimitTimer, toBase64 } from '@tandem/provider-utils';
import { loadAwsSdk } from '../load-aws-sdk.js';
import { mapBedrockError } from '../map-bedrock-error.js';
import { classifyNovaSonicFailure, NOVA_SONIC_OPERATION } from './classify-nova-sonic-failure.js';
import { NovaDeliveryHold } from './nova-delivery-hold.js';
import { NovaInputQueue } from './nova-input-queue.js';
import { NovaSonicEventMapper } from './nova-sonic-event-mapper.js';
import {
  audioInput,
  contentEnd,
  NOVA_INPUT_RATE,
  NOVA_OUTPUT_RATE,
  sessionClose,
  textBlock,
  toolResultBlock,
  type NovaInputEvent,
} from './nova-sonic-input-events.js';
import { sleep, type Clock } from '@tandem/core';
import { carriedOverResultsText, novaToolResultContent } from './nova-sonic-tool-result.js';
import { parseNovaSonicEvent } from './parse-nova-sonic-event.js';

/**
 * What a {@link NovaSonicConnection} runs with.
 *
 * @category Realtime
 */
export interface NovaSonicConnectionConfig {
  readonly client: BedrockRuntimeClient;
  readonly modelId: string;
  /** The stream's URL, for error messages. */
  readonly url: string;
  readonly promptName: string;
  /** `contentName` of the interactive AUDIO block opened by the initial events. */
  readonly audioContentName: string;
  readonly clock: Clock;
  readonly maxConnectionMs: number;
  readonly goAwayBeforeMs: number;
  readonly closeTimeoutMs: number;
  /** How long `open()` waits for the stream to take the opening events. */
  readonly connectTimeoutMs: number;
  /** The model takes typed turns (Nova 2 Sonic). */
  readonly textInput: boolean;
  /** Aborting closes the connection. */
  readonly signal: AbortSignal | undefined;
  /** Told when the stream ended; `refused`: it failed (not a time-out) before any output, so the next connect backs off. */
  readonly onEnd?: (result: { readonly refused: boolean; readonly sawOutput: boolean }) => void;
}

/**
 * One live Amazon Nova Sonic session (an `InvokeModelWithBidirectionalStream` HTTP/2 stream) as a Tandem
 * `BidiConnection`. Input events are fed to the SDK from a queue, so audio flows before `client.send()`
 * resolves (it resolves with Bedrock's first output event). Made by `bedrock.novaSonic(id).connect(…)`.
 *
 * - `send()`: text as an interactive USER text block (Nova 2 Sonic; other models refuse it with a
 *   `RealtimeUnsupportedError`); PCM16 16 kHz audio as `audioInput` of the session's AUDIO block; a context
 *   note as a USER text block, delivered like results; images are refused (Nova Sonic takes speech and text).
 * - `sendToolResults()`: one TOOL result block per call, in call order, delivered as `NovaDeliveryHold`
 *   emulates the modes. Results of calls made on an earlier connection (the new stream never saw them) go as
 *   one interactive USER text block instead.
 * - A `go-away` is emitted `reconnect.marginMs` before the connection limit; `ModelTimeoutException` ends the
 *   stream with `timeout`; transient failures make `events()` throw a retryable `APICallError`; others — and
 *   a stream that ends before the client ended it (`RST_STREAM`, GOAWAY, a dropped session) — end it with a
 *   fatal `error` event, never as a normal end.
 * - `close()` ends the AUDIO block and sends `promptEnd` and `sessionEnd`, then waits up to `closeTimeoutMs`
 *   for Bedrock to end the stream.
 *
 * @example
 * ```ts
 * const connection = await bedrock.novaSonic('amazon.nova-sonic-v1:0').connect({ tools: [], messages: [] });
 * await connection.send({ type: 'audio', data: pcm16At16kHz, sampleRate: 16_000 });
 * for await (const event of connection.events()) if (event.type === 'response-end') break;
 * await connection.close();
 * ```
 *
 * @category Realtime
 */
export class NovaSonicConnection implements BidiConnection {
  private readonly config: NovaSonicConnectionConfig;
  private readonly input = new NovaInputQueue();
  private readonly hold = new NovaDeliveryHold(
    (events) => this.input.push(events),
    (error) => this.queue.push({ type: 'error', error, fatal: false }),
  );
  private readonly queue = new AsyncEventQueue<BidiModelEvent>();
  private readonly mapper = new NovaSonicEventMapper(NOVA_OUTPUT_RATE);
  /** Aborting destroys the HTTP/2 stream. */
  private readonly request = new AbortController();
  /** Cancels the go-away timer and the close grace period. */
  private readonly timers = new AbortController();
  private closing = false;
  private ended = false;
  private sawOutput = false;
  private refused = false;
  private flushScheduled = false;
  /** Typed user turns not yet echoed back as a USER transcript (their echo is not reported again). */
  private readonly typed: string[] = [];
  private closed: Promise<void> | undefined;
  private startFailure: ((error: unknown) => void) | undefined;
  private readonly finished: Promise<void>;
  private readonly onAbort = (): void => void this.close();

  private constructor(config: NovaSonicConnectionConfig) {
    this.config = config;
    this.finished = this.run();
  }

  /**
   * Opens the stream with `initial` events and resolves once the SDK took them (Bedrock itself answers
   * only with its first output). Rejects with the mapped `APICallError` when the request fails before that,
   * or with the signal's reason.
   * @internal
   */
  static async open(config: NovaSonicConnectionConfig, initial: readonly NovaInputEvent[]): Promise<NovaSonicConnection> {
    const connection = new NovaSonicConnection(config);
    const failedEarly = new Promise<never>((_resolve, reject) => {
      connection.startFailure = reject;
    });
    const { signal } = config;
    signal?.addEventListener('abort', connection.onAbort, { once: true });
    const timeout = (): APICallError =>
      new APICallError({
        message: `Amazon Nova Sonic did not open the stream within ${String(config.connectTimeoutMs)} ms. Check the endpoint and your network, or raise connectTimeoutMs.`,
        url: config.url,
        isRetryable: true,
      });
    const deadline = connectDeadline(config.connectTimeoutMs, config.clock, timeout, signal);
    const expired = new Promise<never>((_resolve, reject) => {
      const onExpired = (): void => reject(deadline.signal.reason);
      if (deadline.signal.aborted) onExpired();
      else deadline.signal.addEventListener('abort', onExpired, { once: true });
    });
    expired.catch(() => undefined);
    try {
      signal?.throwIfAborted();
      await Promise.race([connection.input.push(initial), failedEarly, expired]);
      signal?.throwIfAborted();
    } catch (error) {
      await connection.close();
      throw signal?.aborted === true ? signal.reason : error;
    } finally {
      deadline.release();
      connection.startFailure = undefined;
    }
    connection.startGoAwayTimer();
    return connection;
  }

  async send(input: BidiInput): Promise<void> {
    this.assertOpen();
    const { promptName, audioContentName } = this.config;
    switch (input.type) {
      case 'text':
        if (!this.config.textInput) {
          throw new RealtimeUnsupportedError({
            provider: 'bedrock.nova-sonic',
            feature: 'text-input',
            message: `${this.config.modelId} does not take typed turns (capabilities.textInput is false); send speech, or use Nova 2 Sonic (amazon.nova-2-sonic-v1:0), which does.`,
          });
        }
        this.typed.push(input.text.trim());
        if (this.typed.length > 8) this.typed.shift();
        await this.hold.userTurn();
        return this.input.push(textBlock(promptName, 'USER', input.text, true));
      case 'context': {
        const delivery = input.delivery ?? 'when-idle';
        return this.hold.send(textBlock(promptName, 'USER', input.text, this.config.textInput && delivery !== 'silent'), delivery, this.mapper.idle);
      }
      case 'audio':
        if (input.sampleRate !== NOVA_INPUT_RATE) {
          throw new RangeError(`Amazon Nova Sonic takes ${NOVA_INPUT_RATE} Hz PCM16 audio; got ${input.sampleRate} Hz. Resample before sending.`);
        }
        return this.input.push([audioInput(promptName, audioContentName, toBase64(input.data))]);
      case 'image':
        throw new InvalidRequestError({
          provider: 'bedrock',
          message: `Amazon Nova Sonic does not take images (got ${input.mediaType}); send speech or text.`,
        });
    }
  }

  async sendToolResults(results: readonly ToolResult[], options: SendToolResultsOptions = {}): Promise<void> {
    this.assertOpen();
    const { promptName } = this.config;
    const events: NovaInputEvent[] = [];
    const carried: ToolResult[] = [];
    for (const result of results) {
      if (this.mapper.knownCalls.has(result.toolCallId)) events.push(...toolResultBlock(promptName, result.toolCallId, novaToolResultContent(result)));
      else carried.push(result);
    }
    if (carried.length > 0) events.push(...textBlock(promptName, 'USER', carriedOverResultsText(carried), true));
    return this.hold.send(events, options.delivery ?? 'when-idle', this.mapper.idle);
  }

  events(): AsyncIterable<BidiModelEvent> {
    return this.queue.iterate();
  }

  close(): Promise<void> {
    this.closed ??= this.shutdown();
    return this.closed;
  }

  private async shutdown(): Promise<void> {
    this.closing = true;
    this.queue.end();
    this.timers.abort();
    this.config.signal?.removeEventListener('abort', this.onAbort);
    if (this.input.open) {
      // The documented closing sequence: end the audio block, then promptEnd and sessionEnd.
      const { promptName, audioContentName } = this.config;
      this.input.push([contentEnd(promptName, audioContentName), ...sessionClose(promptName)]).catch(() => undefined);
      this.input.end();
      const grace = new AbortController();
      await Promise.race([this.finished, sleep(this.config.closeTimeoutMs, grace.signal, this.config.clock).catch(() => undefined)]);
      grace.abort();
    }
    this.input.abort(new Error('The Amazon Nova Sonic connection is closed.'));
    this.request.abort();
  }

  private assertOpen(): void {
    if (this.closing || this.ended || !this.input.open) {
      throw new Error('The Amazon Nova Sonic connection is closed; connect again to continue.');
    }
  }

  private startGoAwayTimer(): void {
    const { clock, maxConnectionMs, goAwayBeforeMs } = this.config;
    startConnectionLimitTimer({
      clock,
      limitMs: maxConnectionMs,
      marginMs: goAwayBeforeMs,
      signal: this.timers.signal,
      onLimit: (timeLeftMs) => {
        if (!this.closing && !this.ended) this.queue.push({ type: 'go-away', timeLeftMs });
      },
    });
  }

  /** Sends the request and reads Bedrock's output until the stream ends. Never rejects. */
  private async run(): Promise<void> {
    // Let `open()` install its start-failure hook before the SDK can fail.
    await Promise.resolve();
    try {
      const { runtime } = await loadAwsSdk();
      const command = new runtime.InvokeModelWithBidirectionalStreamCommand({ modelId: this.config.modelId, body: this.input });
      const response = await this.config.client.send(command, { abortSignal: this.request.signal });
      for await (const event of response.body ?? []) {
        if (this.closing) continue; // drain until Bedrock ends the stream
        this.onOutput(event);
      }
      this.flushPendingCalls();
      if (!this.closing) this.onUnexpectedEnd();
    } catch (error) {
      this.onFailure(error);
    } finally {
      this.ended = true;
      this.timers.abort();
      this.input.abort(new Error('The Amazon Nova Sonic stream has ended; connect again to continue.'));
      this.queue.end();
      this.config.onEnd?.({ refused: this.refused, sawOutput: this.sawOutput });
    }
  }

  private onOutput(event: { readonly chunk?: { readonly bytes?: Uint8Array } }): void {
    // Exceptions are thrown by the SDK's iterator; event types it does not model are dropped by it.
    if (event.chunk === undefined) return;
    let parsed;
    try {
      parsed = parseNovaSonicEvent(event.chunk.bytes ?? new Uint8Array());
    } catch (error) {
      this.queue.push({ type: 'error', error, fatal: false });
      return;
    }
    this.sawOutput = true;
    // The user's turn begins: input held for it (silent results) goes first.
    if (parsed.name === 'contentStart' && parsed.body.role === 'USER') this.hold.userTurn().catch((error: unknown) => this.queue.push({ type: 'error', error, fatal: false }));
    for (const out of this.mapper.map(parsed)) if (!this.isTypedEcho(out)) this.queue.push(out);
    if (this.mapper.groupReady) this.scheduleQuietFlush();
    if (this.mapper.idle) this.hold.becameIdle();
  }

  /** A USER transcript repeating text the app typed: the app has it already (it is in its history). */
  private isTypedEcho(event: BidiModelEvent): boolean {
    if (event.type !== 'transcript' || event.role !== 'user') return false;
    const index = this.typed.indexOf(event.delta.trim());
    if (index === -1) return false;
    this.typed.splice(index, 1);
    return true;
  }

  /**
   * Hands over a tool group once the events that arrived together with its last TOOL block are processed
   * (they are read without returning to the event loop), so back-to-back TOOL blocks form one group.
   */
  private scheduleQuietFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      if (this.closing) return;
      for (const out of this.mapper.flushQuietGroup()) this.queue.push(out);
    });
  }

  /** The stream ended: calls the model made still run (their results go to the next connection). */
  private flushPendingCalls(): void {
    if (this.closing) return;
    for (const out of this.mapper.flushQuietGroup(true)) this.queue.push(out);
  }

  /**
   * Bedrock ended the stream though the client did not (no `sessionEnd` sent): a reset stream, a GOAWAY or a
   * dropped session. That is a failure — a fatal `error` with a retryable `APICallError`, so the agent
   * reconnects — never a normal end of the conversation.
   */
  private onUnexpectedEnd(): void {
    if (!this.sawOutput) this.refused = true;
    const error = new APICallError({
      message: 'Amazon Nova Sonic ended the stream before the session was closed (reset stream, GOAWAY or dropped connection). Reconnect to continue.',
      url: this.config.url,
      isRetryable: true,
    });
    this.queue.push({ type: 'error', error, fatal: true });
  }

  private onFailure(error: unknown): void {
    if (this.closing) return;
    const failure = classifyNovaSonicFailure(error, this.config.url);
    if (failure.kind !== 'timeout' && !this.sawOutput) this.refused = true;
    this.flushPendingCalls();
    // While opening, `open()` rejects; the failure is queued as well, in case opening already succeeded.
    this.startFailure?.(mapBedrockError(error, this.config.url, NOVA_SONIC_OPERATION));
    if (failure.kind === 'timeout') this.queue.push({ type: 'timeout' });
    else if (failure.kind === 'retryable') this.queue.fail(failure.error);
    else this.queue.push({ type: 'error', error: failure.error, fatal: true });
  }
}
