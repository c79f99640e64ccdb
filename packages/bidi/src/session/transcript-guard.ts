import type { Guardrail } from '@tandem/core';
import type { GuardrailCheck } from '@tandem/core/runtime';
import type { Message } from '@tandem/core/spec';
import { checkGuardrails } from '@tandem/core/runtime';

/** What a {@link TranscriptGuard} needs from its conversation. @internal */
export interface TranscriptGuardHost {
  readonly guardrails: readonly Guardrail[];
  readonly intervalChars: number;
  /** The conversation so far (for `ctx.history`). */
  history(): readonly Message[];
  /** One check finished (its `guardrail` event). */
  report(check: GuardrailCheck, responseId: string, final: boolean): void;
  /** A check of `responseId` tripped: cut the response. */
  trip(responseId: string, check: GuardrailCheck): void;
  /** The final check of `responseId`'s utterance passed: keep its transcript. */
  passed(responseId: string): void;
}

interface GuardedResponse {
  readonly id: string;
  readonly abort: AbortController;
  text: string;
  checkedChars: number;
  running: boolean;
  /** A check asked for while one ran: the next one to run. */
  next: 'partial' | 'final' | undefined;
  tripped: boolean;
  /** A final check is asked for or running, and the utterance's transcript waits for it. */
  finalPending: boolean;
}

/**
 * Output guardrails on the assistant transcript of one conversation: the response in progress is checked
 * every `intervalChars` new characters and when its utterance is final — one check at a time, the latest
 * text each time. A tripwire stops checking it and hands it to `trip`; later deltas of it are dropped.
 * @internal
 */
export class TranscriptGuard {
  private response: GuardedResponse | undefined;

  constructor(private readonly host: TranscriptGuardHost) {}

  /** Whether the agent has output guardrails. */
  get active(): boolean {
    return this.host.guardrails.length > 0;
  }

  /** Whether a final check of `responseId` decides whether its transcript is kept. */
  holdsFinal(responseId: string): boolean {
    return this.response?.id === responseId && this.response.finalPending;
  }

  /**
   * A transcript delta of `responseId`. Returns false when it must be dropped (the response tripped).
   */
  delta(responseId: string, delta: string, final: boolean): boolean {
    if (!this.active) return true;
    let response = this.response;
    if (response?.id !== responseId) {
      response?.abort.abort();
      response = { id: responseId, abort: new AbortController(), text: '', checkedChars: 0, running: false, next: undefined, tripped: false, finalPending: false };
      this.response = response;
    }
    if (response.tripped) return false;
    response.text += delta;
    if (final) {
      response.finalPending = true;
      this.schedule(response, 'final');
    } else if (response.text.length - response.checkedChars >= this.host.intervalChars) {
      this.schedule(response, 'partial');
    }
    return true;
  }

  /** Whether `responseId` tripped (its remaining transcript is dropped). */
  tripped(responseId: string): boolean {
    return this.response?.id === responseId && this.response.tripped;
  }

  /**
   * The response in progress is cut off (a restart, the end): its checks are abandoned. Returns true when
   * some of its transcript was not checked and passed — then none of it is kept.
   */
  abandon(responseId: string): boolean {
    const response = this.response;
    if (response?.id !== responseId) return false;
    response.abort.abort();
    this.response = undefined;
    return response.tripped || response.running || response.finalPending || response.next !== undefined || response.checkedChars < response.text.length;
  }

  private schedule(response: GuardedResponse, kind: 'partial' | 'final'): void {
    if (response.running) {
      if (kind === 'final' || response.next === undefined) response.next = kind;
      return;
    }
    this.run(response, kind === 'final');
  }

  private run(response: GuardedResponse, final: boolean): void {
    response.running = true;
    response.checkedChars = response.text.length;
    const text = response.text;
    void checkGuardrails({
      guardrails: this.host.guardrails,
      ctx: { stage: 'output', text, messages: [{ role: 'assistant', parts: [{ type: 'text', text }] }], history: this.host.history(), final },
      signal: response.abort.signal,
      report: (check) => this.host.report(check, response.id, final),
    }).then((tripped) => {
      response.running = false;
      if (response.tripped || response.abort.signal.aborted) return;
      if (tripped !== undefined) {
        response.tripped = true;
        response.finalPending = false;
        this.host.trip(response.id, tripped);
        return;
      }
      const next = response.next;
      response.next = undefined;
      if (next !== undefined) {
        this.run(response, next === 'final');
        return;
      }
      if (final && response.finalPending) {
        response.finalPending = false;
        this.host.passed(response.id);
      }
    });
  }
}
