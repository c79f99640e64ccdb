import type { BidiConnection, BidiModel, BidiModelEvent } from '@tandem/core/spec';
import type { BidiAudioMetrics, BidiEventBody } from '../bidi-event.js';
import type { ConversationHistory } from '../history/conversation-history.js';
import type { EventFanout } from '../io/event-fanout.js';
import { PlaybackPosition } from '../io/playback-position.js';
import { LatencyTracker } from '../tracing/latency-tracker.js';
import type { SessionConfig } from './session-config.js';
import { ResponseTracker } from './response-tracker.js';

/** What a {@link ResponseFlow} needs from its conversation. @internal */
export interface ResponseFlowHost {
  readonly config: SessionConfig;
  /** The active agent's model (truncation depends on it). */
  model(): BidiModel;
  readonly history: ConversationHistory;
  readonly fanout: EventFanout;
  emit(body: BidiEventBody): void;
  /** The open connection (for truncation on barge-in). */
  connection(): BidiConnection | undefined;
  /** The model started answering (stops waiting for an answer). */
  answered(): void;
  /** A final user transcript arrived: a completed user turn. */
  userTurn(text: string): void;
}

/**
 * The model's responses, as the agent's events: starts and ends, audio (with first-audio latency),
 * transcripts into history, barge-in (flush, truncate at what was heard). @internal
 */
export class ResponseFlow {
  readonly responses = new ResponseTracker();
  readonly latency = new LatencyTracker();
  readonly playback = new PlaybackPosition();

  constructor(private readonly host: ResponseFlowHost) {}

  /** True while a response is in progress. */
  get active(): boolean {
    return this.responses.current !== undefined;
  }

  /** Handles a response-related model event; returns false for other events. */
  handle(event: BidiModelEvent): boolean {
    switch (event.type) {
      case 'response-start':
        this.start(event.responseId);
        return true;
      case 'audio':
        this.onAudio(event);
        return true;
      case 'transcript':
        this.onTranscript(event.role, event.delta, event.final);
        return true;
      case 'barge-in':
        this.onBargeIn(event.responseId);
        return true;
      case 'response-end':
        this.host.history.flush('assistant');
        this.host.emit({ type: 'response-complete', responseId: event.responseId, stopReason: event.stopReason });
        this.responses.end(event.responseId);
        return true;
      default:
        return false;
    }
  }

  /** A response cut off by a restart or the end: close it for consumers and keep its transcript. */
  interrupt(): void {
    const response = this.responses.current;
    if (response === undefined) return;
    this.responses.end(response.id);
    this.host.history.flush('assistant');
    this.host.emit({ type: 'response-complete', responseId: response.id, stopReason: 'interrupted' });
  }

  private start(responseId: string): void {
    this.responses.start(responseId);
    this.host.answered();
    this.host.emit({ type: 'response-start', responseId });
  }

  private onTranscript(role: 'user' | 'assistant', delta: string, final: boolean): void {
    this.host.emit({ type: 'transcript', role, delta, final });
    const added = this.host.history.addTranscript(role, delta, final);
    if (!added || role !== 'user') return;
    this.latency.speechEnded(this.host.config.clock.now());
    const last = this.host.history.messages.at(-1)?.parts[0];
    this.host.userTurn(last?.type === 'text' ? last.text : '');
  }

  private onAudio(event: Extract<BidiModelEvent, { type: 'audio' }>): void {
    if (this.responses.isLate(event.responseId)) return;
    // Audio of a response the provider did not announce: announce it, so outputs can tell responses apart.
    if (this.responses.current?.id !== event.responseId) this.start(event.responseId);
    const response = this.responses.current;
    if (response === undefined || response.interrupted) return;
    let metrics: BidiAudioMetrics | undefined;
    if (!response.sawAudio) {
      response.sawAudio = true;
      metrics = this.latency.firstAudio(this.host.config.clock.now());
    }
    this.host.emit({
      type: 'audio',
      responseId: event.responseId,
      data: event.data,
      sampleRate: event.sampleRate,
      channels: 1,
      ...(metrics === undefined ? {} : { metrics }),
    });
  }

  private onBargeIn(responseId: string | undefined): void {
    const { clock } = this.host.config;
    const model = this.host.model();
    const startedAt = clock.now();
    const interrupted = this.responses.interrupt(responseId);
    const flushedAudioChunks = this.host.fanout.flushAudio();
    const connection = this.host.connection();
    // Truncate at what the listener heard (reported by an output), never past the audio outputs were given.
    const playedMs = interrupted === undefined ? undefined : this.playback.truncationPoint(interrupted, this.host.fanout.sentMs(interrupted));
    if (interrupted !== undefined && playedMs !== undefined && model.capabilities.truncation && connection?.truncate !== undefined) {
      connection.truncate(interrupted, playedMs).catch((error: unknown) => {
        this.host.emit({ type: 'error', error, fatal: false });
      });
    }
    this.host.emit({ type: 'barge-in', responseId: interrupted, metrics: { flushMs: clock.now() - startedAt, flushedAudioChunks } });
  }
}
