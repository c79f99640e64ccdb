import type { ToolDelivery } from '@tandem/core/spec';
import type { RealtimeClientEvent } from './realtime-client-events.js';
import type { ResponseSequencer } from './response-sequencer.js';

/** Turn detection as the server applies it (`undefined`: off). @internal */
export interface TurnDetectionState {
  readonly createResponse: boolean;
  readonly interruptResponse: boolean;
}

/**
 * Who is speaking, and what waits for idle, on one OpenAI Realtime session — the delivery modes on top of the
 * response sequencer:
 *
 * - `interrupt`: `response.cancel` of the active response, then one `response.create` (the sequencer sends it
 *   once the cancelled response is done);
 * - `when-idle`: one `response.create` once no response is active and the user is not speaking (after
 *   `speech_stopped` the adapter asks for it itself, also with server VAD);
 * - `silent`: nothing is asked for.
 *
 * `speech_started` is a barge-in only while a response is active; an input that ends while the user speaks
 * commits the audio buffer so the turn is answered. @internal
 */
export class RealtimeTurns {
  /** The user is speaking (between `speech_started` and `speech_stopped`). */
  private speaking = false;
  /** A `when-idle` answer is owed. */
  private idleWanted = false;
  /** Audio was appended since the last commit. */
  private appended = false;
  detection: TurnDetectionState | undefined = { createResponse: true, interruptResponse: true };

  constructor(
    private readonly sequencer: ResponseSequencer,
    private readonly send: (event: RealtimeClientEvent) => Promise<void>,
    private readonly report: (error: unknown) => void,
  ) {}

  /** Asks for the model's answer to something just added to the conversation, as `delivery` says. */
  async answer(delivery: ToolDelivery): Promise<void> {
    if (delivery === 'silent') return;
    if (delivery === 'interrupt') {
      const active = this.sequencer.activeResponseId;
      this.idleWanted = false;
      if (active !== undefined) await this.send({ type: 'response.cancel', response_id: active });
      await this.sequencer.request();
      return;
    }
    this.idleWanted = true;
    await this.whenIdle();
  }

  /** Audio went into the input buffer. */
  audioAppended(): void {
    this.appended = true;
  }

  /** `input_audio_buffer.speech_started`: returns whether it cut a response off (a barge-in). */
  speechStarted(): { readonly bargeIn: boolean; readonly cancel?: string } {
    this.speaking = true;
    const active = this.sequencer.activeResponseId;
    if (active === undefined) return { bargeIn: false };
    const serverInterrupts = this.detection?.interruptResponse ?? false;
    return serverInterrupts ? { bargeIn: true } : { bargeIn: true, cancel: active };
  }

  /** `input_audio_buffer.speech_stopped`: an answer waiting for idle goes now. */
  speechStopped(): void {
    this.speaking = false;
    void this.whenIdle().catch(this.report);
  }

  /** `response.done`: an answer waiting for idle goes now, unless the user is speaking. */
  responseDone(): void {
    void this.whenIdle().catch(this.report);
  }

  /** `input_audio_buffer.committed`: without server-created responses, the finished turn is answered here. */
  committed(): void {
    this.speaking = false;
    this.appended = false;
    if (this.detection !== undefined && !this.detection.createResponse) this.sequencer.request().catch(this.report);
    else void this.whenIdle().catch(this.report);
  }

  /**
   * The app's audio input ended (or paused). While the user was speaking, or with detection off, the audio
   * so far is committed, so the turn is answered instead of waiting for silence that never comes.
   */
  async inputEnded(): Promise<void> {
    if (!this.appended || (!this.speaking && this.detection !== undefined)) return;
    this.speaking = false;
    this.appended = false;
    await this.send({ type: 'input_audio_buffer.commit' });
    // A manual commit is not answered by the server's turn detection: ask for the response.
    await this.sequencer.request();
  }

  private async whenIdle(): Promise<void> {
    if (!this.idleWanted || this.speaking || this.sequencer.responseActive) return;
    this.idleWanted = false;
    await this.sequencer.request();
  }
}
