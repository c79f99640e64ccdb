import type { BidiConnection, BidiConnectRequest, BidiInput, BidiModelEvent, ToolResult } from '@tandem/core/spec';
import { AsyncEventQueue } from '@tandem/provider-utils';
import type { SpeechSynthesizer } from '../speech/speech-synthesizer.js';
import { toneSynthesizer } from '../speech/tone-synthesizer.js';
import {
  approvalAnswerTurn,
  approvalQuestionTurn,
  approvalRequestOf,
  resultsTurn,
  seconds,
  speechTurn,
  typedTurn,
  type DemoApprovalRequest,
  type DemoTurn,
} from './demo-turns.js';
import { EnergyVad, type EnergyVadOptions } from './energy-vad.js';
import { streamSpeech, type Pacing } from './spoken-response.js';

/** A `truncate()` call the demo model received: the listener had heard `playedMs` of `responseId`. */
export interface DemoTruncation {
  readonly responseId: string;
  readonly playedMs: number;
}

/** What a {@link DemoVoiceConnection} needs from its model. @internal */
export interface DemoConnectionSetup {
  readonly index: number;
  readonly request: BidiConnectRequest;
  readonly synthesizer: SpeechSynthesizer;
  readonly outputRate: number;
  readonly pacing: Pacing;
  readonly vad: EnergyVadOptions;
  /** Milliseconds on a monotonic clock. */
  now(): number;
  onTruncate(truncation: DemoTruncation): void;
}

/** After its audio was sent, a response is still being heard for about this long (the listener's buffer). */
const AUDIBLE_TAIL_MS = 500;

/**
 * One conversation with the offline demo model. Responses are spoken one at a time, in order: answers to
 * typed turns (tools named in them are requested as one group when the answer starts), reports of tool
 * results, and — once — a note that it does not understand speech. Microphone energy is speech: speech
 * while a response is being spoken or heard is a barge-in, which cuts the response off.
 */
export class DemoVoiceConnection implements BidiConnection {
  /** Every `truncate()` call, in order. */
  readonly truncations: DemoTruncation[] = [];
  private readonly setup: DemoConnectionSetup;
  private readonly stream = new AsyncEventQueue<BidiModelEvent>();
  private readonly lifetime = new AbortController();
  private readonly vad: EnergyVad;
  private readonly turns: DemoTurn[] = [];
  private current: { readonly responseId: string; readonly abort: AbortController } | undefined;
  private lastHeard: { readonly responseId: string; readonly audibleUntil: number } | undefined;
  private pumping = false;
  private iterated = false;
  private responses = 0;
  private calls = 0;
  private toldAboutSpeech = false;
  /** Calls waiting for the user's approval (from the agent's context notes), oldest first. */
  private readonly approvals: DemoApprovalRequest[] = [];

  private readonly onRequestAbort = (): void => void this.close();

  constructor(setup: DemoConnectionSetup) {
    this.setup = setup;
    this.vad = new EnergyVad(setup.vad);
    setup.request.signal?.addEventListener('abort', this.onRequestAbort, { once: true });
  }

  /** True once closed. */
  get closed(): boolean {
    return this.lifetime.signal.aborted;
  }

  async send(input: BidiInput): Promise<void> {
    this.assertOpen('send');
    if (input.type === 'text') {
      const callId = (): string => `demo_call_${String(this.setup.index)}_${String(++this.calls)}`;
      const waiting = this.approvals[0];
      const answer = waiting === undefined ? undefined : approvalAnswerTurn(input.text, waiting, callId());
      if (answer !== undefined) this.approvals.shift();
      this.enqueue(answer ?? typedTurn(input.text, this.setup.request.tools, callId));
    } else if (input.type === 'context') {
      // A note for the model, not a user turn: an approval request is asked out loud; other notes (late-result
      // framing) only inform, and the demo model has nothing to say about them.
      const request = approvalRequestOf(input.text);
      if (request !== undefined) {
        this.approvals.push(request);
        this.enqueue(approvalQuestionTurn(request));
      }
    } else if (input.type === 'audio') {
      for (const event of this.vad.push(input.data, input.sampleRate)) {
        if (event.type === 'speech-start') this.speechStarted();
        else this.speechEnded(event.durationMs);
      }
    } else {
      this.enqueue({ text: 'The offline demo model cannot look at images.', calls: [] });
    }
  }

  async sendToolResults(results: readonly ToolResult[]): Promise<void> {
    this.assertOpen('sendToolResults');
    this.enqueue(resultsTurn(results));
  }

  async truncate(responseId: string, playedMs: number): Promise<void> {
    this.assertOpen('truncate');
    const truncation = { responseId, playedMs };
    this.truncations.push(truncation);
    this.setup.onTruncate(truncation);
  }

  events(): AsyncIterable<BidiModelEvent> {
    if (this.iterated) throw new Error('DemoVoiceConnection: events() may be iterated only once.');
    this.iterated = true;
    return this.stream.iterate();
  }

  async close(): Promise<void> {
    this.setup.request.signal?.removeEventListener('abort', this.onRequestAbort);
    this.lifetime.abort();
    this.current?.abort.abort();
    this.stream.discard();
  }

  private emit(event: BidiModelEvent): void {
    if (!this.closed) this.stream.push(event);
  }

  private enqueue(turn: DemoTurn): void {
    this.turns.push(turn);
    void this.pump();
  }

  private speechStarted(): void {
    this.emit({ type: 'transcript', role: 'user', delta: '[you spoke', final: false });
    const current = this.current;
    if (current !== undefined) {
      this.emit({ type: 'barge-in', responseId: current.responseId });
      current.abort.abort();
    } else if (this.lastHeard !== undefined && this.setup.now() < this.lastHeard.audibleUntil) {
      // Its audio was all sent, but the listener is still hearing it: stop that playback.
      this.emit({ type: 'barge-in', responseId: this.lastHeard.responseId });
    }
    this.lastHeard = undefined;
  }

  private speechEnded(durationMs: number): void {
    this.emit({ type: 'transcript', role: 'user', delta: ` for ${seconds(durationMs)} s]`, final: true });
    if (!this.toldAboutSpeech) {
      this.toldAboutSpeech = true;
      this.turns.push(speechTurn(durationMs));
    }
    void this.pump();
  }

  /** Speaks the queued turns one after another; pauses while the user speaks. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.closed && !this.vad.inSpeech) {
        const turn = this.turns.shift();
        if (turn === undefined) break;
        await this.respond(turn);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async respond(turn: DemoTurn): Promise<void> {
    const responseId = `demo_resp_${String(this.setup.index)}_${String(++this.responses)}`;
    const abort = new AbortController();
    this.current = { responseId, abort };
    this.emit({ type: 'response-start', responseId });
    if (turn.calls.length > 0) this.emit({ type: 'tool-group', calls: turn.calls });
    let finished = false;
    let audibleUntil = 0;
    try {
      const audio = await this.synthesize(turn.text, abort.signal);
      audibleUntil = this.setup.now() + (audio.byteLength / 2 / this.setup.outputRate) * 1000 + AUDIBLE_TAIL_MS;
      finished = await streamSpeech(responseId, turn.text, audio, this.setup.outputRate, this.setup.pacing, (event) => this.emit(event), abort.signal);
    } catch (error) {
      if (!abort.signal.aborted) this.emit({ type: 'error', error, fatal: false });
    } finally {
      this.current = undefined;
    }
    this.emit({ type: 'transcript', role: 'assistant', delta: '', final: true, responseId });
    this.emit({ type: 'response-end', responseId, stopReason: finished ? 'complete' : 'interrupted' });
    if (finished) this.lastHeard = { responseId, audibleUntil };
  }

  /** The synthesizer's speech; beeps if it fails (reported as a non-fatal error). */
  private async synthesize(text: string, signal: AbortSignal): Promise<Uint8Array> {
    try {
      return await this.setup.synthesizer.synthesize(text, this.setup.outputRate, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      this.emit({ type: 'error', error, fatal: false });
      return toneSynthesizer().synthesize(text, this.setup.outputRate, signal);
    }
  }

  private assertOpen(method: string): void {
    if (this.closed) throw new Error(`DemoVoiceConnection: ${method}() after close().`);
  }
}
