import {
  APICallError,
  InvalidResponseDataError,
  type BidiConnection,
  type BidiInput,
  type BidiModelEvent,
  type BidiResponseStopReason,
  type BidiToolCall,
  type ToolResult,
} from '@tandem/core/spec';
import { fromBase64, parseJsonEvent, redactSecrets, toBase64, toDataUrl, validateJson } from '@tandem/provider-utils';
import type { z } from 'zod';
import type WebSocket from 'ws';
import { EventQueue } from './event-queue.js';
import { outputText, type RealtimeClientEvent } from './realtime-client-events.js';
import { RealtimeEventEnvelope, realtimeEventSchemas, type RealtimeEventType, type RealtimeServerEvent } from './realtime-server-event.js';

/** What an {@link OpenAIRealtimeConnection} needs besides its socket. */
export interface RealtimeConnectionOptions {
  readonly url: string;
  readonly sampleRate: number;
  readonly secrets: readonly (string | undefined)[];
  /** Aborting closes the connection; the listener is removed when the connection closes. */
  readonly signal?: AbortSignal;
}

/**
 * One live OpenAI Realtime session over a WebSocket, as a Tandem `BidiConnection`: audio and
 * transcripts stream out, tool calls of one response arrive as one `tool-group`, and their results go
 * back as `function_call_output` items followed by exactly one `response.create`. Made by
 * `openai.realtime(id).connect(request)`.
 *
 * @example
 * ```ts
 * const connection = await openai.realtime('gpt-realtime').connect({ tools: [], messages: [] });
 * await connection.send({ type: 'audio', data: pcm16At24kHz, sampleRate: 24_000 });
 * ```
 */
export class OpenAIRealtimeConnection implements BidiConnection {
  private readonly socket: WebSocket;
  private readonly options: RealtimeConnectionOptions;
  private readonly queue = new EventQueue<BidiModelEvent>();
  private closing = false;
  private readonly closed: Promise<void>;
  private activeResponseId: string | undefined;
  private readonly audioItems = new Map<string, string>();
  private readonly calls = new Map<string, BidiToolCall[]>();
  private readonly userDeltas = new Set<string>();

  constructor(socket: WebSocket, options: RealtimeConnectionOptions) {
    this.socket = socket;
    this.options = options;
    this.closed = new Promise<void>((resolve) => {
      socket.once('close', (code: number, reason: Buffer) => {
        this.onClose(code, reason.toString('utf8'));
        resolve();
      });
    });
    socket.on('message', (data: WebSocket.RawData) => this.onMessage(data));
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

  async send(input: BidiInput): Promise<void> {
    switch (input.type) {
      case 'text':
        await this.sendEvent({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: input.text }] } });
        await this.sendEvent({ type: 'response.create' });
        return;
      case 'audio':
        if (input.sampleRate !== this.options.sampleRate) {
          throw new RangeError(`OpenAI Realtime takes ${this.options.sampleRate} Hz PCM16 audio; got ${input.sampleRate} Hz. Resample before sending.`);
        }
        await this.sendEvent({ type: 'input_audio_buffer.append', audio: toBase64(input.data) });
        return;
      case 'image':
        await this.sendEvent({
          type: 'conversation.item.create',
          item: { type: 'message', role: 'user', content: [{ type: 'input_image', image_url: toDataUrl(input.mediaType, input.data) }] },
        });
        return;
    }
  }

  async sendToolResults(results: readonly ToolResult[]): Promise<void> {
    for (const result of results) {
      await this.sendEvent({
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: result.toolCallId, output: outputText(result.modelInput) },
      });
    }
    await this.sendEvent({ type: 'response.create' });
  }

  async truncate(responseId: string, playedMs: number): Promise<void> {
    const itemId = this.audioItems.get(responseId);
    if (itemId === undefined) return;
    await this.sendEvent({ type: 'conversation.item.truncate', item_id: itemId, content_index: 0, audio_end_ms: Math.max(0, Math.floor(playedMs)) });
  }

  events(): AsyncIterable<BidiModelEvent> {
    return this.queue.iterate();
  }

  async close(): Promise<void> {
    if (!this.closing) {
      this.closing = true;
      this.queue.end();
      if (this.socket.readyState === this.socket.CONNECTING || this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
    }
    await this.closed;
  }

  /** Sends one client event; rejects once the connection is closed. @internal */
  sendEvent(event: RealtimeClientEvent): Promise<void> {
    if (this.closing || this.socket.readyState !== this.socket.OPEN) {
      return Promise.reject(new Error('The OpenAI Realtime connection is closed; connect again to continue.'));
    }
    return new Promise<void>((resolve, reject) => {
      this.socket.send(JSON.stringify(event), (error) => (error ? reject(error) : resolve()));
    });
  }

  private onClose(code: number, reason: string): void {
    if (this.closing || code === 1000) {
      this.queue.end();
      return;
    }
    this.queue.fail(
      new APICallError({
        message: redactSecrets(`The OpenAI Realtime connection was lost (close code ${code}${reason ? `: ${reason}` : ''}). Reconnect to continue.`, this.options.secrets),
        url: this.options.url,
        isRetryable: true,
      }),
    );
  }

  private onMessage(data: WebSocket.RawData): void {
    let event: RealtimeServerEvent | undefined;
    try {
      event = parseServerEvent(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
    } catch (error) {
      this.queue.push({ type: 'error', error: error instanceof InvalidResponseDataError ? error : new InvalidResponseDataError({ message: String(error), data }), fatal: false });
      return;
    }
    if (event !== undefined) for (const out of this.map(event)) this.queue.push(out);
  }

  private map(event: RealtimeServerEvent): BidiModelEvent[] {
    switch (event.type) {
      case 'response.created':
        this.activeResponseId = event.response.id;
        return [{ type: 'response-start', responseId: event.response.id }];
      case 'response.output_audio.delta':
      case 'response.audio.delta':
        this.audioItems.set(event.response_id, event.item_id);
        return [{ type: 'audio', responseId: event.response_id, data: fromBase64(event.delta), sampleRate: this.options.sampleRate }];
      case 'response.output_audio_transcript.delta':
      case 'response.audio_transcript.delta':
      case 'response.output_text.delta':
        return event.delta === '' ? [] : [{ type: 'transcript', role: 'assistant', delta: event.delta, final: false, responseId: event.response_id }];
      case 'response.output_audio_transcript.done':
      case 'response.audio_transcript.done':
      case 'response.output_text.done':
        return [{ type: 'transcript', role: 'assistant', delta: '', final: true, responseId: event.response_id }];
      case 'response.output_item.done': {
        const { item } = event;
        if (item.type !== 'function_call' || !item.call_id || !item.name) return [];
        const calls = this.calls.get(event.response_id) ?? [];
        calls.push({ toolCallId: item.call_id, toolName: item.name, toolArgs: item.arguments ?? '' });
        this.calls.set(event.response_id, calls);
        return [];
      }
      case 'response.done':
        return this.responseDone(event.response);
      case 'conversation.item.input_audio_transcription.delta':
        if (!event.delta) return [];
        this.userDeltas.add(event.item_id);
        return [{ type: 'transcript', role: 'user', delta: event.delta, final: false }];
      case 'conversation.item.input_audio_transcription.completed': {
        const streamed = this.userDeltas.delete(event.item_id);
        return [{ type: 'transcript', role: 'user', delta: streamed ? '' : event.transcript, final: true }];
      }
      case 'input_audio_buffer.speech_started':
        return [{ type: 'barge-in', ...(this.activeResponseId === undefined ? {} : { responseId: this.activeResponseId }) }];
      case 'error': {
        const { error } = event;
        if (error.code === 'session_expired') {
          this.closing = true;
          this.socket.close(1000);
          return [{ type: 'timeout' }];
        }
        return [
          {
            type: 'error',
            fatal: false,
            error: new APICallError({
              message: redactSecrets(`OpenAI Realtime error${error.code ? ` (${error.code})` : ''}: ${error.message}`, this.options.secrets),
              url: this.options.url,
              responseBody: redactSecrets(JSON.stringify(event), this.options.secrets),
              isRetryable: false,
            }),
          },
        ];
      }
    }
  }

  private responseDone(response: Extract<RealtimeServerEvent, { type: 'response.done' }>['response']): BidiModelEvent[] {
    const out: BidiModelEvent[] = [];
    const calls = this.calls.get(response.id) ?? [];
    this.calls.delete(response.id);
    if (this.activeResponseId === response.id) this.activeResponseId = undefined;
    if (response.usage) {
      const cached = response.usage.input_token_details?.cached_tokens;
      out.push({
        type: 'usage',
        responseId: response.id,
        usage: { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens, ...(cached ? { cachedInputTokens: cached } : {}) },
      });
    }
    if (calls.length > 0) out.push({ type: 'tool-group', calls });
    out.push({ type: 'response-end', responseId: response.id, stopReason: stopReason(response.status, calls.length > 0) });
    return out;
  }
}

function stopReason(status: string, hadCalls: boolean): BidiResponseStopReason {
  if (status === 'cancelled') return 'interrupted';
  if (status === 'failed' || status === 'incomplete') return 'error';
  return hadCalls ? 'tool-use' : 'complete';
}

function parseServerEvent(text: string): RealtimeServerEvent | undefined {
  const envelope = parseJsonEvent(text, RealtimeEventEnvelope, { provider: 'OpenAI Realtime' });
  if (!(envelope.type in realtimeEventSchemas)) return undefined;
  const type = envelope.type as RealtimeEventType;
  const schema: z.ZodType<unknown> = realtimeEventSchemas[type];
  return { ...(validateJson(JSON.parse(text) as unknown, schema, { provider: 'OpenAI Realtime' }) as object), type } as RealtimeServerEvent;
}
