import type { Content, FunctionResponse, Session } from '@google/genai';
import type { GoogleContent } from '../google-request.js';
import {
  APICallError,
  InvalidResponseDataError,
  type BidiConnection,
  type BidiInput,
  type BidiModelEvent,
  type SendToolResultsOptions,
  type ToolResult,
} from '@tandem/core/spec';
import type { Clock } from '@tandem/core';
import { AsyncEventQueue, InvalidRequestError, startConnectionLimitTimer, toBase64, validateJson } from '@tandem/provider-utils';
import type { GoogleLiveToolOptions } from './google-live-settings.js';
import type { PendingLiveCall } from './live-history.js';
import { toLiveFunctionResponse } from './live-function-response.js';
import { KNOWN_SERVER_FIELDS, LiveServerMessageSchema } from './live-server-message.js';
import { LiveTurnMapper } from './live-turn-mapper.js';
import type { LiveSessionEvents } from './open-live-session.js';
import { parseDurationMs } from './parse-duration.js';
import type { ResumptionHandles, ResumptionLineage } from './resumption-handles.js';

/** What a {@link GoogleLiveConnection} needs besides its session. @internal */
export interface GoogleLiveConnectionOptions {
  /** The WebSocket endpoint, without the key (for errors). */
  readonly url: string;
  readonly inputRate: number;
  readonly outputRate: number;
  readonly lineage: ResumptionLineage;
  readonly handles: ResumptionHandles;
  /** Calls of the replayed history still waiting for their results (empty for a resumed session). */
  readonly pendingCalls: ReadonlyMap<string, PendingLiveCall>;
  readonly toolOptions: { readonly [toolName: string]: GoogleLiveToolOptions };
  /** Ids for function calls that arrive without one. */
  readonly generateId: () => string;
  /** Aborting closes the connection (the listener goes when it closes). */
  readonly signal?: AbortSignal;
  /** How long `close()` waits for the socket's close handshake. */
  readonly closeWaitMs: number;
  /** Automatic activity detection is off: the connection sends `activityStart`/`activityEnd` around the audio. */
  readonly manualActivity?: boolean;
}

/**
 * One Gemini Live session as a Tandem `BidiConnection`, made by `google.live(id).connect(request)`.
 *
 * - `send()`: text as `realtimeInput.text`, PCM16 audio at 16 kHz as `realtimeInput.audio`, images as
 *   `realtimeInput.video` frames; an empty audio chunk (the input ended or paused) as `audioStreamEnd`
 *   (with manual turn detection: `activityEnd`); a context note as `clientContent`, with `turnComplete`
 *   unless its delivery is `silent`.
 * - `sendToolResults()`: one `toolResponse` with the group's `functionResponses` in call order. Calls the
 *   server cancelled (`toolCallCancellation`, also announced as a `tool-cancel` event, so an agent stops
 *   running them) are left out — it no longer expects them, and a group of only cancelled calls sends
 *   nothing; results of calls from a replayed history go as history content (the call and its response)
 *   instead.
 * - Events: see `LiveTurnMapper`; `goAway` becomes `go-away` with the newest resumption handle as
 *   `resumeToken`; the server closing the socket after a `goAway` becomes `timeout`; other unexpected
 *   closes make `events()` throw a retryable `APICallError`. Malformed and unknown server messages are
 *   non-fatal `error` events.
 *
 * @example
 * ```ts
 * const connection = await google.live('gemini-live-2.5-flash-preview').connect({ tools: [], messages: [] });
 * await connection.send({ type: 'text', text: 'Hello!' });
 * ```
 */
export class GoogleLiveConnection implements BidiConnection {
  /** Where `openLiveSession` delivers the session's traffic. @internal */
  readonly sessionEvents: LiveSessionEvents;
  private readonly options: GoogleLiveConnectionOptions;
  private readonly queue = new AsyncEventQueue<BidiModelEvent>();
  private readonly mapper: LiveTurnMapper;
  private readonly replayCalls: Map<string, PendingLiveCall>;
  private session: Session | undefined;
  private closing = false;
  private socketClosed = false;
  private goingAway = false;
  /** Manual activity: an `activityStart` was sent and no `activityEnd` yet. */
  private inActivity = false;
  /** Cancels the connection-limit timer. */
  private readonly timers = new AbortController();
  /** The odd last byte of an audio chunk, sent with the next chunk (a sample split across chunks). */
  private audioCarry: number | undefined;
  private markClosed: () => void = () => undefined;
  private readonly closed = new Promise<void>((resolve) => {
    this.markClosed = resolve;
  });
  private readonly onAbort = (): void => {
    void this.close();
  };

  constructor(options: GoogleLiveConnectionOptions) {
    this.options = options;
    this.replayCalls = new Map(options.pendingCalls);
    this.mapper = new LiveTurnMapper({ responseId: () => `resp_${crypto.randomUUID()}`, callId: options.generateId, outputRate: options.outputRate });
    this.sessionEvents = {
      message: (message) => this.onMessage(message),
      malformed: (error) => this.queue.push({ type: 'error', error, fatal: false }),
      closed: (code, reason) => this.onClosed(code, reason),
    };
  }

  /** Takes the open session; from now on aborting the request's signal closes the connection. @internal */
  attach(session: Session): void {
    this.session = session;
    if (this.socketClosed) return;
    const { signal } = this.options;
    if (signal === undefined) return;
    if (signal.aborted) this.onAbort();
    else signal.addEventListener('abort', this.onAbort, { once: true });
  }

  async send(input: BidiInput): Promise<void> {
    switch (input.type) {
      case 'text':
        this.open().sendRealtimeInput({ text: input.text });
        return;
      case 'audio': {
        const rate = this.options.inputRate;
        if (input.sampleRate !== rate) {
          throw new InvalidRequestError({
            provider: 'google.live',
            message: `Gemini Live takes ${String(rate)} Hz PCM16 audio; got ${String(input.sampleRate)} Hz. Resample it first (BidiAgent does this for you).`,
          });
        }
        const session = this.open();
        if (input.data.byteLength === 0) return this.audioEnded(session);
        if (this.options.manualActivity === true && !this.inActivity) {
          this.inActivity = true;
          session.sendRealtimeInput({ activityStart: {} });
        }
        const data = this.wholeSamples(input.data);
        if (data.byteLength > 0) session.sendRealtimeInput({ audio: { data: toBase64(data), mimeType: `audio/pcm;rate=${String(rate)}` } });
        return;
      }
      case 'image':
        if (!input.mediaType.startsWith('image/')) {
          throw new InvalidRequestError({ provider: 'google.live', message: `An image input needs an image/* media type; got '${input.mediaType}'.` });
        }
        this.open().sendRealtimeInput({ video: { data: toBase64(input.data), mimeType: input.mediaType } });
        return;
      case 'context': {
        const turns: GoogleContent[] = [{ role: 'user', parts: [{ text: input.text }] }];
        this.open().sendClientContent({ turns: turns as Content[], turnComplete: (input.delivery ?? 'when-idle') !== 'silent' });
        return;
      }
    }
  }

  /** Emits one `go-away` `marginMs` before the connection limit; stops when the connection closes. @internal */
  watchConnectionLimit(clock: Clock, limitMs: number, marginMs: number): void {
    startConnectionLimitTimer({
      clock,
      limitMs,
      marginMs,
      signal: this.timers.signal,
      onLimit: (timeLeftMs) => {
        if (this.closing || this.socketClosed || this.goingAway) return;
        const resumeToken = this.options.handles.issue(this.options.lineage);
        this.queue.push({ type: 'go-away', timeLeftMs, ...(resumeToken === undefined ? {} : { resumeToken }) });
      },
    });
  }

  /** The audio input ended: the turn in progress ends now instead of waiting for silence. */
  private audioEnded(session: Session): void {
    this.audioCarry = undefined;
    if (this.options.manualActivity !== true) {
      session.sendRealtimeInput({ audioStreamEnd: true });
      return;
    }
    if (!this.inActivity) return;
    this.inActivity = false;
    session.sendRealtimeInput({ activityEnd: {} });
  }

  async sendToolResults(results: readonly ToolResult[], options: SendToolResultsOptions = {}): Promise<void> {
    const { delivery } = options;
    const session = this.open();
    const wanted = results.filter((result) => !this.options.lineage.cancelled.has(result.toolCallId));
    const replayed = wanted.filter((result) => this.replayCalls.has(result.toolCallId));
    const direct = wanted.filter((result) => !this.replayCalls.has(result.toolCallId));
    const respond = (result: ToolResult) => toLiveFunctionResponse(result, this.options.toolOptions[result.toolName], delivery);
    if (direct.length > 0) {
      // Our typed mirror of the SDK's FunctionResponse (string literals instead of its enums).
      session.sendToolResponse({ functionResponses: direct.map(respond) as unknown as FunctionResponse[] });
    }
    if (replayed.length > 0) {
      const calls = replayed.map((result) => {
        const call = this.replayCalls.get(result.toolCallId);
        this.replayCalls.delete(result.toolCallId);
        return { functionCall: { id: result.toolCallId, name: call?.name ?? result.toolName, args: call?.args ?? {} } };
      });
      const responses = replayed.map((result) => {
        const { id, name, response } = respond(result);
        return { functionResponse: { id, name, response } };
      });
      const turns: GoogleContent[] = [
        { role: 'model', parts: calls },
        { role: 'user', parts: responses },
      ];
      session.sendClientContent({ turns: turns as Content[], turnComplete: delivery !== 'silent' });
    }
  }

  events(): AsyncIterable<BidiModelEvent> {
    return this.queue.iterate();
  }

  async close(): Promise<void> {
    if (!this.closing) {
      this.closing = true;
      this.timers.abort();
      this.queue.end();
      this.options.signal?.removeEventListener('abort', this.onAbort);
      if (!this.socketClosed) {
        try {
          this.session?.close();
        } catch {
          // the socket is already gone
        }
      }
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.closeWaitMs)))]);
    clearTimeout(timer);
  }

  /** PCM16 has 2 bytes per sample: an odd last byte waits for the next chunk. */
  private wholeSamples(chunk: Uint8Array): Uint8Array {
    const carry = this.audioCarry;
    let bytes = chunk;
    if (carry !== undefined) {
      bytes = new Uint8Array(chunk.byteLength + 1);
      bytes[0] = carry;
      bytes.set(chunk, 1);
    }
    const whole = bytes.byteLength - (bytes.byteLength % 2);
    this.audioCarry = whole < bytes.byteLength ? bytes[whole] : undefined;
    return whole < bytes.byteLength ? bytes.subarray(0, whole) : bytes;
  }

  private open(): Session {
    const session = this.session;
    if (session === undefined || this.closing || this.socketClosed) {
      throw new APICallError({ message: 'The Gemini Live connection is closed; connect again to continue.', url: this.options.url, isRetryable: true });
    }
    return session;
  }

  private onMessage(raw: unknown): void {
    const fields = typeof raw === 'object' && raw !== null ? Object.keys(raw) : [];
    if (!fields.some((field) => KNOWN_SERVER_FIELDS.has(field))) {
      this.queue.push({
        type: 'error',
        fatal: false,
        error: new InvalidResponseDataError({ message: `Gemini Live sent a message this version does not know (fields: ${fields.join(', ') || 'none'}); it was ignored.`, data: raw }),
      });
      return;
    }
    let message;
    try {
      message = validateJson(raw, LiveServerMessageSchema, { provider: 'Gemini Live' });
    } catch (error) {
      this.queue.push({ type: 'error', error, fatal: false });
      return;
    }
    const update = message.sessionResumptionUpdate;
    if (update?.resumable === true && update.newHandle !== undefined && update.newHandle !== '') this.options.lineage.latest = update.newHandle;
    for (const event of this.mapper.map(message)) this.queue.push(event);
    const cancelled = message.toolCallCancellation?.ids ?? [];
    if (cancelled.length > 0) {
      for (const id of cancelled) this.options.lineage.cancelled.add(id);
      this.queue.push({ type: 'tool-cancel', toolCallIds: cancelled });
    }
    if (message.goAway !== undefined) {
      this.goingAway = true;
      const resumeToken = this.options.handles.issue(this.options.lineage);
      const timeLeftMs = parseDurationMs(message.goAway.timeLeft);
      this.queue.push({
        type: 'go-away',
        ...(resumeToken === undefined ? {} : { resumeToken }),
        ...(timeLeftMs === undefined ? {} : { timeLeftMs }),
      });
    }
  }

  private onClosed(code: number, reason: string): void {
    this.socketClosed = true;
    this.timers.abort();
    this.markClosed();
    this.options.signal?.removeEventListener('abort', this.onAbort);
    if (this.closing) return;
    if (this.goingAway) {
      const resumeToken = this.options.handles.issue(this.options.lineage);
      this.queue.push({ type: 'timeout', ...(resumeToken === undefined ? {} : { resumeToken }) });
      this.queue.end();
      return;
    }
    if (code === 1000) {
      this.queue.end();
      return;
    }
    this.queue.fail(
      new APICallError({
        message: `The Gemini Live connection was lost (close code ${String(code)}${reason === '' ? '' : `: ${reason}`}). Reconnect to continue.`,
        url: this.options.url,
        isRetryable: code !== 1007 && code !== 1008,
      }),
    );
  }
}
