// The server side of an OpenAI Realtime (GA) session, event for event as the API reference documents it:
// session.created on connect, session.updated (the effective configuration, server defaults filled in),
// conversation items, one response at a time (a second response.create while one is active is refused
// with conversation_already_has_active_response and the client event's event_id), response.cancel,
// conversation.item.truncate (refused past the item's audio), and simulated user speech with server VAD.
import type { WebSocket } from 'ws';

/** What a response says and does. */
export interface ResponsePlan {
  /** Spoken text: sent as audio deltas plus the audio transcript. */
  readonly text?: string;
  /** Audio deltas of 20 ms each (default 2 when there is text). */
  readonly audioChunks?: number;
  /** Function calls, after the message. */
  readonly calls?: readonly { readonly name: string; readonly arguments: string; readonly callId?: string }[];
  /** Leave the response active (no response.done) until `finishResponse()` or a cancel. */
  readonly hold?: boolean;
}

/** Decides each response from the conversation so far and what asked for it. */
export type Responder = (context: { readonly items: readonly ConversationItem[]; readonly trigger: 'client' | 'vad' }) => ResponsePlan;

/** A conversation item as the simulator keeps it. */
export type ConversationItem = { readonly id: string; readonly type: string; readonly [key: string]: unknown };

type ClientEvent = { readonly type: string; readonly event_id?: string; readonly [key: string]: unknown };

const AUDIO_CHUNK_BYTES = 960; // 20 ms of PCM16 at 24 kHz

export class RealtimeSimulator {
  readonly items: ConversationItem[] = [];
  /** The codes of the errors this server sent, in order. */
  readonly errors: string[] = [];
  /** Every session.update's `session`, in order. */
  readonly updates: { [key: string]: unknown }[] = [];
  session: { [key: string]: unknown } = {};
  private active: { id: string; items: ConversationItem[]; finish: (status: string) => void } | undefined;
  private eventCount = 0;
  private idCount = 0;
  private readonly audioMs = new Map<string, number>();

  constructor(
    private readonly socket: WebSocket,
    private readonly responder: Responder,
  ) {
    this.emit({ type: 'session.created', session: { object: 'realtime.session', type: 'realtime', id: 'sess_sim' } });
  }

  /** True while a response is in progress. */
  get responseActive(): boolean {
    return this.active !== undefined;
  }

  /** Handles one client event. */
  receive(event: ClientEvent): void {
    switch (event.type) {
      case 'session.update': {
        const update = (event.session ?? {}) as { [key: string]: unknown };
        this.updates.push(update);
        // A later update changes only the fields it names (a live change of instructions, tools or voice).
        this.session = this.updates.length === 1 ? withServerDefaults(update) : mergeSession(this.session, update);
        this.emit({ type: 'session.updated', session: this.session });
        return;
      }
      case 'input_audio_buffer.commit':
        this.commitUserTurn(this.id('item_user'), 'typed by commit', false);
        return;
      case 'conversation.item.create': {
        const item = { id: this.id('item'), ...(event.item as object) } as ConversationItem;
        this.items.push(item);
        this.emit({ type: 'conversation.item.added', previous_item_id: null, item: { ...item, status: 'completed', object: 'realtime.item' } });
        this.emit({ type: 'conversation.item.done', previous_item_id: null, item: { ...item, status: 'completed', object: 'realtime.item' } });
        return;
      }
      case 'response.create':
        if (this.active !== undefined) {
          this.error('conversation_already_has_active_response', `Conversation already has an active response in progress: ${this.active.id}. Wait until the response is finished before creating a new one.`, event.event_id);
          return;
        }
        this.startResponse(this.responder({ items: this.items, trigger: 'client' }));
        return;
      case 'response.cancel':
        if (this.active === undefined) this.error('response_cancel_not_active', 'Cancellation failed: no active response found.', event.event_id);
        else this.active.finish('cancelled');
        return;
      case 'conversation.item.truncate': {
        const total = this.audioMs.get(String(event.item_id));
        const end = Number(event.audio_end_ms);
        if (total === undefined || !(end >= 0) || end > total || event.content_index !== 0) {
          this.error('invalid_value', `Invalid audio_end_ms or item: ${String(event.item_id)} ${String(end)} (audio is ${String(total)} ms).`, event.event_id);
          return;
        }
        this.emit({ type: 'conversation.item.truncated', item_id: event.item_id, content_index: 0, audio_end_ms: end });
        return;
      }
      case 'input_audio_buffer.append':
        return;
      default:
        this.error('unknown_event', `Unknown client event type ${event.type}.`, event.event_id);
    }
  }

  /**
   * The user speaks `transcript`: speech_started (cancelling the active response when the session
   * interrupts by itself), speech_stopped, committed, the user item and its transcription, then — when the
   * session creates responses — a response, refused nothing since it comes from the server itself.
   */
  userSpeaks(transcript: string): void {
    const itemId = this.id('item_user');
    const detection = ((this.session.audio as { input?: { turn_detection?: { [key: string]: unknown } | null } } | undefined)?.input?.turn_detection ?? null) as {
      create_response?: boolean;
      interrupt_response?: boolean;
    } | null;
    this.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 1000, item_id: itemId });
    if (detection?.interrupt_response === true && this.active !== undefined) this.active.finish('cancelled');
    this.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 2000, item_id: itemId });
    this.emit({ type: 'input_audio_buffer.committed', previous_item_id: this.items.at(-1)?.id ?? null, item_id: itemId });
    const item: ConversationItem = { id: itemId, type: 'message', role: 'user', content: [{ type: 'input_audio', transcript: null }] };
    this.items.push(item);
    this.emit({ type: 'conversation.item.added', previous_item_id: null, item: { ...item, status: 'completed', object: 'realtime.item' } });
    this.emit({ type: 'conversation.item.input_audio_transcription.delta', item_id: itemId, content_index: 0, delta: transcript });
    this.emit({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript, usage: { type: 'duration', seconds: 1 } });
    if (detection?.create_response === true && this.active === undefined) this.startResponse(this.responder({ items: this.items, trigger: 'vad' }));
  }

  /** The user starts speaking (and keeps on): speech_started, cancelling the active response when the session interrupts. */
  speechStarts(): string {
    const itemId = this.id('item_user');
    this.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 1000, item_id: itemId });
    if (this.detection()?.interrupt_response === true && this.active !== undefined) this.active.finish('cancelled');
    return itemId;
  }

  /** The user stops speaking: speech_stopped, committed, the transcript and (server VAD creating responses) a response. */
  speechStops(itemId: string, transcript: string): void {
    this.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 2000, item_id: itemId });
    this.commitUserTurn(itemId, transcript, this.detection()?.create_response === true);
  }

  private detection(): { create_response?: boolean; interrupt_response?: boolean } | null {
    return ((this.session.audio as { input?: { turn_detection?: { [key: string]: unknown } | null } } | undefined)?.input?.turn_detection ?? null) as {
      create_response?: boolean;
      interrupt_response?: boolean;
    } | null;
  }

  private commitUserTurn(itemId: string, transcript: string, respond: boolean): void {
    this.emit({ type: 'input_audio_buffer.committed', previous_item_id: this.items.at(-1)?.id ?? null, item_id: itemId });
    const item: ConversationItem = { id: itemId, type: 'message', role: 'user', content: [{ type: 'input_audio', transcript: null }] };
    this.items.push(item);
    this.emit({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript, usage: { type: 'duration', seconds: 1 } });
    if (respond && this.active === undefined) this.startResponse(this.responder({ items: this.items, trigger: 'vad' }));
  }

  /** The server starts a response of its own (as voice activity detection does). */
  serverResponse(plan: ResponsePlan): void {
    this.startResponse(plan);
  }

  /** Ends a held response as completed. */
  finishResponse(): void {
    this.active?.finish('completed');
  }

  /** Sends a server error event (e.g. `session_expired`). */
  error(code: string, message: string, eventId?: string | null): void {
    this.errors.push(code);
    this.emit({ type: 'error', error: { type: 'invalid_request_error', code, message, param: null, event_id: eventId ?? null } });
  }

  /** Sends any server event (an event_id is added). */
  emit(event: { readonly type: string; readonly [key: string]: unknown }): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify({ event_id: `event_${String(++this.eventCount)}`, ...event }));
  }

  private startResponse(plan: ResponsePlan): void {
    const responseId = this.id('resp');
    const base = { object: 'realtime.response', id: responseId, conversation_id: 'conv_sim', output_modalities: ['audio'], max_output_tokens: 'inf', metadata: null };
    this.emit({ type: 'response.created', response: { ...base, status: 'in_progress', status_details: null, output: [], usage: null } });
    const output: ConversationItem[] = [];
    let index = 0;
    if (plan.text !== undefined) {
      const itemId = this.id('item_msg');
      const common = { response_id: responseId, item_id: itemId, output_index: index, content_index: 0 };
      this.emit({ type: 'response.output_item.added', response_id: responseId, output_index: index, item: { id: itemId, type: 'message', status: 'in_progress', role: 'assistant', content: [], object: 'realtime.item' } });
      this.emit({ type: 'response.content_part.added', ...common, part: { type: 'audio', transcript: '' } });
      const chunks = plan.audioChunks ?? 2;
      for (let i = 0; i < chunks; i++) this.emit({ type: 'response.output_audio.delta', ...common, delta: Buffer.alloc(AUDIO_CHUNK_BYTES, i).toString('base64') });
      this.audioMs.set(itemId, chunks * 20);
      this.emit({ type: 'response.output_audio_transcript.delta', ...common, delta: plan.text });
      this.emit({ type: 'response.output_audio.done', ...common });
      this.emit({ type: 'response.output_audio_transcript.done', ...common, transcript: plan.text });
      const item: ConversationItem = { id: itemId, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_audio', transcript: plan.text }], object: 'realtime.item' };
      this.emit({ type: 'response.content_part.done', ...common, part: { type: 'audio', transcript: plan.text } });
      this.emit({ type: 'response.output_item.done', response_id: responseId, output_index: index, item });
      output.push(item);
      this.items.push(item);
      index++;
    }
    for (const call of plan.calls ?? []) {
      const itemId = this.id('item_fc');
      const callId = call.callId ?? this.id('call');
      const item: ConversationItem = { id: itemId, type: 'function_call', status: 'completed', name: call.name, call_id: callId, arguments: call.arguments, object: 'realtime.item' };
      this.emit({ type: 'response.output_item.added', response_id: responseId, output_index: index, item: { ...item, status: 'in_progress', arguments: '' } });
      this.emit({ type: 'response.function_call_arguments.delta', response_id: responseId, item_id: itemId, output_index: index, call_id: callId, delta: call.arguments });
      this.emit({ type: 'response.function_call_arguments.done', response_id: responseId, item_id: itemId, output_index: index, call_id: callId, name: call.name, arguments: call.arguments });
      this.emit({ type: 'response.output_item.done', response_id: responseId, output_index: index, item });
      output.push(item);
      this.items.push(item);
      index++;
    }
    const finish = (status: string): void => {
      if (this.active?.id !== responseId) return;
      this.active = undefined;
      const usage = { total_tokens: 120, input_tokens: 100, output_tokens: 20, input_token_details: { text_tokens: 100, audio_tokens: 0, image_tokens: 0, cached_tokens: 0 }, output_token_details: { text_tokens: 5, audio_tokens: 15 } };
      this.emit({ type: 'response.done', response: { ...base, status, status_details: status === 'cancelled' ? { type: 'cancelled', reason: 'client_cancelled' } : null, output, usage } });
    };
    this.active = { id: responseId, items: output, finish };
    if (plan.hold !== true) finish('completed');
  }

  private id(prefix: string): string {
    return `${prefix}_${String(++this.idCount)}`;
  }
}

/** A later `session.update` applied to the session: named fields replace, audio.output merges (the voice). */
function mergeSession(session: { [key: string]: unknown }, update: { [key: string]: unknown }): { [key: string]: unknown } {
  const audio = session.audio as { input?: object; output?: object } | undefined;
  const change = update.audio as { output?: object } | undefined;
  return { ...session, ...update, audio: { ...audio, ...change, output: { ...audio?.output, ...change?.output } } };
}

/** The session as `session.updated` reports it: what was set, with the server's defaults for the rest. */
function withServerDefaults(session: { [key: string]: unknown }): { [key: string]: unknown } {
  const audio = (session.audio ?? {}) as { input?: { [key: string]: unknown }; output?: { [key: string]: unknown } };
  const detection = audio.input?.turn_detection as { type?: string; [key: string]: unknown } | null | undefined;
  const defaults =
    detection?.type === 'semantic_vad'
      ? { eagerness: 'auto', create_response: true, interrupt_response: true }
      : { threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500, idle_timeout_ms: null, create_response: true, interrupt_response: true };
  return {
    object: 'realtime.session',
    id: 'sess_sim',
    ...session,
    audio: {
      ...audio,
      input: { ...audio.input, noise_reduction: null, turn_detection: detection === null || detection === undefined ? null : { ...defaults, ...detection } },
      output: { voice: 'alloy', speed: 1, ...audio.output },
    },
  };
}
