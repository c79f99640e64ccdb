import type { BidiConnection, BidiContextInput, BidiModel, BidiModelEvent } from '@tandem/core/spec';
import type { GuardrailCheck } from '@tandem/core/runtime';
import { TranscriptGuard } from './transcript-guard.js';
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
  /** Gives the model a note (not a user turn): an output guardrail's `replaceWith`. */
  sendContext(input: BidiContextInput): void;
}

/**
 * The model's responses, as the agent's events: starts and ends, audio (with first-audio latency),
 * transcripts into history, barge-in (flush, truncate at what was heard). @internal
 */
export class ResponseFlow {
  readonly responses = new ResponseTracker();
  readonly latency = new LatencyTracker();
  readonly playback = new PlaybackPosition();
  /** The agent's output guardrails on the assistant transcript. */
  readonly guard: TranscriptGuard;

  constructor(private readonly host: ResponseFlowHost) {
    this.guard = new TranscriptGuard({
      guardrails: host.config.guardrails.output,
      intervalChars: host.config.guardrails.intervalChars,
      history: () => host.history.messages,
      report: (check, responseId, final) => host.emit(guardrailEvent(check, responseId, final)),
      trip: (responseId, check) => this.cut(responseId, check),
      passed: () => host.history.flush('assistant'),
    });
  }

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
        // A transcript an output guardrail is still checking is kept (or dropped) by its verdict.
        if (!this.guard.holdsFinal(event.responseId)) this.host.history.flush('assistant');
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
    // Under output guardrails, a transcript not wholly checked is not kept.
    if (this.guard.abandon(response.id)) this.host.history.discard('assistant');
    else this.host.history.flush('assistant');
    this.host.emit({ type: 'response-complete', responseId: response.id, stopReason: 'interrupted' });
  }

  private start(responseId: string): void {
    this.responses.start(responseId);
    this.host.answered();
    this.host.emit({ type: 'response-start', responseId });
  }

  private onTranscript(role: 'user' | 'assistant', delta: string, final: boolean): void {
    const responseId = this.responses.current?.id;
    if (role === 'assistant' && responseId !== undefined && this.guard.active) {
      // Output guardrails: a tripped response says no more; a final utterance waits for its check.
      if (!this.guard.delta(responseId, delta, final)) return;
      this.host.emit({ type: 'transcript', role, delta, final });
      this.host.history.addTranscript(role, delta, false);
      return;
    }
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

  /**
   * An output guardrail tripped on `responseId`: cut it as a barge-in does — audio flushed, the response
   * cancelled where the model can, the model's copy truncated at the played position — keep none of its
   * transcript, and with `replaceWith` ask the model to say that instead.
   */
  private cut(responseId: string, check: GuardrailCheck): void {
    const { clock } = this.host.config;
    const model = this.host.model();
    const startedAt = clock.now();
    const active = this.responses.current?.id === responseId;
    if (active) this.responses.interrupt(responseId);
    this.host.history.discard('assistant');
    const flushedAudioChunks = this.host.fanout.flushAudio();
    const connection = this.host.connection();
    const playedMs = this.playback.truncationPoint(responseId, this.host.fanout.sentMs(responseId));
    const replacement = check.replaceWith;
    const canCancel = connection?.cancelResponse !== undefined;
    const steps = async (): Promise<void> => {
      if (active && canCancel) await connection.cancelResponse?.(responseId);
      if (playedMs !== undefined && model.capabilities.truncation && connection?.truncate !== undefined) await connection.truncate(responseId, playedMs);
      // After a cancel the model answers once the cut response is over; without one, `interrupt` cuts it.
      if (replacement !== undefined) this.host.sendContext({ type: 'context', text: sayInstead(replacement), delivery: canCancel ? 'when-idle' : 'interrupt' });
    };
    steps().catch((error: unknown) => this.host.emit({ type: 'error', error, fatal: false }));
    this.host.emit({ type: 'barge-in', responseId, metrics: { flushMs: clock.now() - startedAt, flushedAudioChunks }, reason: 'guardrail' });
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

/** The note that asks the model to say an output guardrail's replacement. */
function sayInstead(text: string): string {
  return `Your last answer was withheld. Say exactly this to the user now, and nothing else: ${JSON.stringify(text)}`;
}

function guardrailEvent(check: GuardrailCheck, responseId: string, final: boolean): BidiEventBody {
  return {
    type: 'guardrail',
    name: check.name,
    stage: 'output',
    tripwire: check.tripwire,
    ...(check.reason === undefined ? {} : { reason: check.reason }),
    ...(check.error === undefined ? {} : { error: check.error }),
    responseId,
    final,
  };
}
