import { APICallError, InvalidResponseDataError } from '@tandem/core/spec';
import type { BidiConnection, BidiInput, BidiModelEvent, BidiSessionUpdate, BidiToolCall, SendToolResultsOptions, ToolResult } from '@tandem/core/spec';
import type { Clock } from '@tandem/core';
import { AsyncEventQueue, fromBase64, RealtimeUnsupportedError, redactSecrets, startConnectionLimitTimer, toBase64, toDataUrl } from '@tandem/provider-utils';
import { RealtimeAudioItems } from './realtime-audio-items.js';
import { loadedRealtimeEventParser, loadRealtimeEventParser } from './realtime-event-parser.js';
import { serverError, stopReason, usageEvent } from './realtime-event-results.js';
import { contextItem, liveSessionUpdate, outputText, type RealtimeClientEvent } from './realtime-client-events.js';
import type { RealtimeServerEvent } from './realtime-server-event.js';
import type { RealtimeSocket, RealtimeSocketData } from './realtime-socket.js';
import { socketText } from './socket-text.js';
import { ResponseSequencer } from './response-sequencer.js';
import { RealtimeTurns } from './realtime-turns.js';

/**
 * What an {@link OpenAIRealtimeConnection} needs besides its socket.
 *
 * @example
 * ```ts
 * const options: RealtimeConnectionOptions = { url: 'wss://api.openai.com/v1/realtime?model=gpt-realtime', sampleRate: 24_000, secrets: [apiKey] };
 * ```
 *
 * @category Realtime
 */
export interface RealtimeConnectionOptions {
  readonly url: string;
  readonly sampleRate: number;
  readonly secrets: readonly (string | undefined)[];
  /** Aborting closes the connection; the listener is removed when the connection closes. */
  readonly signal?: AbortSignal;
}

/**
 * One live OpenAI Realtime session over a WebSocket, as a Tandem `BidiConnection`. Made by
 * `openai.realtime(id).connect(request)`.
 *
 * - Audio and transcripts stream out; the function calls of one response arrive as one `tool-group`, and
 *   their results go back as `function_call_output` items followed by exactly one `response.create`.
 * - Every client event carries an `event_id`. A response sequencer never sends `response.create` while
 *   a response is active: requests wait for its `response.done` (several waiting requests are answered
 *   by one response), and a request the server refuses with `conversation_already_has_active_response`
 *   is sent again after the response that beat it — it is never lost, and that error is not reported.
 * - When the user starts speaking (`input_audio_buffer.speech_started`) it reports `barge-in` for the
 *   response playing, and cancels the active response itself (`response.cancel`) unless the server does
 *   (turn detection with `interruptResponse`, the default). `truncate()` then cuts the audio item that
 *   was playing, at the played position.
 * - Server `error`s, failed transcriptions, malformed and unknown messages are non-fatal `error` events;
 *   an expired session is `timeout`; a lost socket makes `events()` throw a retryable `APICallError`.
 *
 * @example
 * ```ts
 * const connection = await openai.realtime('gpt-realtime').connect({ tools: [], messages: [] });
 * await connection.send({ type: 'audio', data: pcm16At24kHz, sampleRate: 24_000 });
 * ```
 *
 * @category Realtime
 */
export class OpenAIRealtimeConnection implements BidiConnection {
  private readonly socket: RealtimeSocket;
  private readonly options: RealtimeConnectionOptions;
  private readonly queue = new AsyncEventQueue<BidiModelEvent>();
  private closing = false;
  private readonly closed: Promise<void>;
  private readonly idPrefix = `tandem_${crypto.randomUUID().slice(0, 8)}_`;
  private eventCount = 0;
  private readonly sequencer: ResponseSequencer;
  private readonly audio: RealtimeAudioItems;
  private readonly turns: RealtimeTurns;
  /** The session has produced audio (its voice can no longer change). */
  private spoke = false;
  /** Cancels the connection-limit timer. */
  private readonly timers = new AbortController();
  private readonly calls = new Map<string, BidiToolCall[]>();
  private readonly userDeltas = new Set<string>();
  private configuring: { readonly eventId: string; resolve(): void; reject(error: unknown): void } | undefined;
  /** Messages that arrived while the event parser was still loading (a connection not made by `connect()`). */
  private readonly early: RealtimeSocketData[] = [];

  constructor(socket: RealtimeSocket, options: RealtimeConnectionOptions) {
    this.socket = socket;
    this.options = options;
    this.audio = new RealtimeAudioItems(options.sampleRate);
    this.sequencer = new ResponseSequencer(
      (event) => this.sendEvent(event),
      () => this.nextEventId(),
      (error) => this.queue.push({ type: 'error', error, fatal: false }),
    );
    this.turns = new RealtimeTurns(this.sequencer, (event) => this.sendEvent(event), (error) => this.queue.push({ type: 'error', error, fatal: false }));
    this.closed = new Promise<void>((resolve) => {
      socket.once('close', (code: number, reason: Uint8Array | string) => {
        this.onClose(code, socketText(reason));
        resolve();
      });
    });
    socket.on('message', (data: RealtimeSocketData) => this.onMessage(data));
    socket.on('error', () => undefined); // reported through 'close'
    const { signal } = options;
    if (signal !== undefined) {
      const onAbort = (): void => {
        void this.close();
      };
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      void this.closed.then(() => signal.removeEventListener('abort', onAbort));
    }
  }

  /**
   * Sends `session.update` and the history items, and resolves once the server acknowledged the session
   * (`session.updated`). Rejects with an `APICallError` when the server refuses it or closes, and with
   * `deadline.reason` when `deadline` aborts first (the connect timeout, or the caller's signal). @internal
   */
  async configure(update: RealtimeClientEvent, history: readonly RealtimeClientEvent[], deadline: AbortSignal): Promise<void> {
    const event = { ...update, event_id: this.nextEventId() };
    let onAbort = (): void => undefined;
    const acknowledged = new Promise<void>((resolve, reject) => {
      this.configuring = { eventId: event.event_id, resolve, reject };
      onAbort = () => reject(deadline.reason);
      if (deadline.aborted) onAbort();
      else deadline.addEventListener('abort', onAbort, { once: true });
    });
    acknowledged.catch(() => undefined);
    try {
      await this.sendEvent(event);
      for (const item of history) await this.sendEvent(item);
      await acknowledged;
    } finally {
      deadline.removeEventListener('abort', onAbort);
      this.configuring = undefined;
    }
  }

  async send(input: BidiInput): Promise<void> {
    switch (input.type) {
      case 'text':
        await this.sendEvent({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: input.text }] } });
        await this.sequencer.request();
        return;
      case 'audio':
        if (input.sampleRate !== this.options.sampleRate) {
          throw new RangeError(`OpenAI Realtime takes ${this.options.sampleRate} Hz PCM16 audio; got ${input.sampleRate} Hz. Resample before sending.`);
        }
        // An empty chunk: the audio input ended or paused — a turn in progress is committed and answered.
        if (input.data.byteLength === 0) return this.turns.inputEnded();
        this.turns.audioAppended();
        await this.sendEvent({ type: 'input_audio_buffer.append', audio: toBase64(input.data) });
        return;
      case 'context':
        await this.sendEvent(contextItem(input.text));
        await this.turns.answer(input.delivery ?? 'when-idle');
        return;
      case 'image':
        await this.sendEvent({
          type: 'conversation.item.create',
          item: { type: 'message', role: 'user', content: [{ type: 'input_image', image_url: toDataUrl(input.mediaType, input.data) }] },
        });
        return;
    }
  }

  async sendToolResults(results: readonly ToolResult[], options: SendToolResultsOptions = {}): Promise<void> {
    const delivery = options.delivery ?? 'when-idle';
    // `interrupt`: the response in progress is cut before the results go in, so it does not talk over them.
    if (delivery === 'interrupt') await this.turns.answer('interrupt');
    for (const result of results) {
      await this.sendEvent({
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: result.toolCallId, output: outputText(result.modelInput) },
      });
    }
    if (delivery !== 'interrupt') await this.turns.answer(delivery);
  }

  /**
   * Changes the live session with a `session.update`: new instructions and tools at any time; a new voice only
   * before the session has produced audio (OpenAI keeps the voice after that) — then it rejects with a
   * `RealtimeUnsupportedError` and nothing is sent, so the agent reconnects with the new voice instead.
   */
  async update(update: BidiSessionUpdate): Promise<void> {
    if (update.voice !== undefined && this.spoke) {
      throw new RealtimeUnsupportedError({
        provider: 'openai.realtime',
        feature: 'voice-update',
        message: `OpenAI Realtime cannot change the voice to '${update.voice}' after the session has spoken; reconnect with the new voice (BidiAgent does this for you).`,
      });
    }
    if (update.system === undefined && update.tools === undefined && update.voice === undefined) return;
    await this.sendEvent(liveSessionUpdate(update));
  }

  /** Emits one `go-away` `marginMs` before the session limit (`limitMs`); stops when the connection closes. @internal */
  watchConnectionLimit(clock: Clock, limitMs: number, marginMs: number): void {
    startConnectionLimitTimer({
      clock,
      limitMs,
      marginMs,
      signal: this.timers.signal,
      onLimit: (timeLeftMs) => {
        if (!this.closing) this.queue.push({ type: 'go-away', timeLeftMs });
      },
    });
  }

  /** `response.cancel` of `responseId` while it is the active response (an agent's output guardrail cutting it). */
  async cancelResponse(responseId: string): Promise<void> {
    if (this.sequencer.activeResponseId !== responseId) return;
    await this.sendEvent({ type: 'response.cancel', response_id: responseId });
  }

  async truncate(responseId: string, playedMs: number): Promise<void> {
    for (const cut of this.audio.truncations(responseId, playedMs)) {
      await this.sendEvent({ type: 'conversation.item.truncate', item_id: cut.itemId, content_index: cut.contentIndex, audio_end_ms: cut.audioEndMs });
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
      if (this.socket.readyState === this.socket.CONNECTING || this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
    }
    await this.closed;
  }

  /** Sends one client event (with an `event_id`, added when missing); rejects once the connection is closed. @internal */
  sendEvent(event: RealtimeClientEvent): Promise<void> {
    if (this.closing || this.socket.readyState !== this.socket.OPEN) {
      return Promise.reject(new Error('The OpenAI Realtime connection is closed; connect again to continue.'));
    }
    const tagged = typeof event.event_id === 'string' ? event : { ...event, event_id: this.nextEventId() };
    return new Promise<void>((resolve, reject) => {
      this.socket.send(JSON.stringify(tagged), (error) => (error ? reject(error) : resolve()));
    });
  }

  private nextEventId(): string {
    return `${this.idPrefix}${String(++this.eventCount)}`;
  }

  private onClose(code: number, reason: string): void {
    this.timers.abort();
    const lost = new APICallError({
      message: redactSecrets(`The OpenAI Realtime connection was lost (close code ${code}${reason ? `: ${reason}` : ''}). Reconnect to continue.`, this.options.secrets),
      url: this.options.url,
      isRetryable: true,
    });
    this.configuring?.reject(this.options.signal?.aborted ? this.options.signal.reason : lost);
    if (this.closing || code === 1000) this.queue.end();
    else this.queue.fail(lost);
  }

  private onMessage(data: RealtimeSocketData): void {
    const parse = loadedRealtimeEventParser();
    if (parse === undefined || this.early.length > 0) {
      this.early.push(data);
      if (this.early.length === 1) {
        loadRealtimeEventParser().then(
          () => {
            for (const message of this.early.splice(0)) this.onMessage(message);
          },
          (error: unknown) => this.queue.push({ type: 'error', error, fatal: true }),
        );
      }
      return;
    }
    let event: RealtimeServerEvent | undefined;
    try {
      event = parse(socketText(data));
    } catch (error) {
      this.queue.push({ type: 'error', error: error instanceof InvalidResponseDataError ? error : new InvalidResponseDataError({ message: String(error), data }), fatal: false });
      return;
    }
    if (event !== undefined) for (const out of this.map(event)) this.queue.push(out);
  }

  private map(event: RealtimeServerEvent): BidiModelEvent[] {
    switch (event.type) {
      case 'session.updated': {
        const detection = event.session?.audio?.input?.turn_detection;
        if (event.session?.audio?.input !== undefined && event.session.audio.input !== null) {
          this.turns.detection = detection ? { createResponse: detection.create_response ?? true, interruptResponse: detection.interrupt_response ?? true } : undefined;
        }
        this.configuring?.resolve();
        return [];
      }
      case 'response.created':
        this.sequencer.responseCreated(event.response.id);
        return [{ type: 'response-start', responseId: event.response.id }];
      case 'response.output_audio.delta':
      case 'response.audio.delta': {
        const data = fromBase64(event.delta);
        this.spoke = true;
        this.audio.add(event.response_id, event.item_id, event.content_index ?? 0, data.byteLength);
        return [{ type: 'audio', responseId: event.response_id, data, sampleRate: this.options.sampleRate }];
      }
      case 'response.output_audio_transcript.delta':
      case 'response.audio_transcript.delta':
      case 'response.output_text.delta':
      case 'response.text.delta':
        return event.delta === '' ? [] : [{ type: 'transcript', role: 'assistant', delta: event.delta, final: false, responseId: event.response_id }];
      case 'response.output_audio_transcript.done':
      case 'response.audio_transcript.done':
      case 'response.output_text.done':
      case 'response.text.done':
        return [{ type: 'transcript', role: 'assistant', delta: '', final: true, responseId: event.response_id }];
      case 'response.output_item.done': {
        const { item } = event;
        if (item.type !== 'function_call' || !item.call_id || !item.name) return [];
        const calls = this.calls.get(event.response_id) ?? [];
        calls.push({ toolCallId: item.call_id, toolName: item.name, toolArgs: item.arguments ?? '' });
        this.calls.set(event.response_id, calls);
        return [];
      }
      case 'response.done': {
        const { response } = event;
        const calls = this.calls.get(response.id) ?? [];
        this.calls.delete(response.id);
        this.sequencer.responseDone(response.id);
        this.turns.responseDone();
        return [
          ...usageEvent(response.id, response.usage),
          ...(calls.length > 0 ? [{ type: 'tool-group' as const, calls }] : []),
          { type: 'response-end', responseId: response.id, stopReason: stopReason(response.status, calls.length > 0) },
        ];
      }
      case 'conversation.item.input_audio_transcription.delta':
        if (!event.delta) return [];
        this.userDeltas.add(event.item_id);
        return [{ type: 'transcript', role: 'user', delta: event.delta, final: false }];
      case 'conversation.item.input_audio_transcription.completed': {
        const streamed = this.userDeltas.delete(event.item_id);
        return [{ type: 'transcript', role: 'user', delta: streamed ? '' : event.transcript, final: true }];
      }
      case 'conversation.item.input_audio_transcription.failed': {
        const streamed = this.userDeltas.delete(event.item_id);
        const { error } = event;
        const message = `OpenAI Realtime could not transcribe the user's speech (item ${event.item_id})${error?.code ? ` (${error.code})` : ''}: ${error?.message ?? 'no reason given'}. The model still heard the audio.`;
        return [...(streamed ? [{ type: 'transcript' as const, role: 'user' as const, delta: '', final: true }] : []), serverError(message, event, this.options)];
      }
      case 'input_audio_buffer.speech_started':
        return this.onSpeechStarted();
      case 'input_audio_buffer.speech_stopped':
        this.turns.speechStopped();
        return [];
      case 'input_audio_buffer.committed':
        this.turns.committed();
        return [];
      case 'error':
        return this.onError(event.error, event);
    }
  }

  /** Speech over an active response is a barge-in; speech after the last response ended is a new turn. */
  private onSpeechStarted(): BidiModelEvent[] {
    const active = this.sequencer.activeResponseId;
    const { bargeIn, cancel } = this.turns.speechStarted();
    if (!bargeIn || active === undefined) return [];
    if (cancel !== undefined) {
      this.sendEvent({ type: 'response.cancel', response_id: cancel }).catch((error: unknown) => this.queue.push({ type: 'error', error, fatal: false }));
    }
    // The response playing is the one whose audio came last (a newer one may not have audio yet).
    return [{ type: 'barge-in', responseId: this.audio.latestResponseId ?? active }];
  }

  private onError(error: Extract<RealtimeServerEvent, { type: 'error' }>['error'], event: RealtimeServerEvent): BidiModelEvent[] {
    const label = `OpenAI Realtime error${error.code ? ` (${error.code})` : ''}: ${error.message}`;
    if (this.configuring !== undefined && error.event_id === this.configuring.eventId) {
      this.configuring.reject(
        new APICallError({
          message: redactSecrets(`OpenAI Realtime refused the session configuration — ${label}`, this.options.secrets),
          url: this.options.url,
          responseBody: redactSecrets(JSON.stringify(event), this.options.secrets),
          isRetryable: false,
        }),
      );
      return [];
    }
    if (this.sequencer.rejected(error.event_id, error.code)) return []; // re-queued until the active response is done
    this.sequencer.failed(error.event_id);
    if (error.code === 'session_expired') {
      this.closing = true;
      this.socket.close(1000);
      return [{ type: 'timeout' }];
    }
    return [serverError(label, event, this.options)];
  }
}
