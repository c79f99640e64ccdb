import type { RealtimeClientEvent } from './realtime-client-events.js';

/** `response.create` event ids remembered, to recognise a late rejection of one of them. */
const REMEMBERED = 32;

/**
 * Makes sure a `response.create` is never sent while a response is active — and never lost:
 *
 * - requests made while a response is active (or while a `response.create` awaits its answer) wait, and
 *   are sent as **one** `response.create` once the active response is done (they all concern items
 *   already in the conversation, so one response answers them all);
 * - every `response.create` carries an `event_id`; when the server rejects one with
 *   `conversation_already_has_active_response` (it started a response of its own, e.g. from voice
 *   activity detection, just before ours arrived), the request waits again until that response is done
 *   and is then sent anew. {@link rejected} tells the caller to keep that error to itself.
 * @internal
 */
export class ResponseSequencer {
  /** Id of the response in progress, as the server announced it. */
  private active: string | undefined;
  /** A response the server refused ours for, but that we never saw start: wait for a `response.done`. */
  private blockedUntilDone = false;
  /** `event_id` of the `response.create` sent and not answered yet (no `response.created` nor error). */
  private inFlight: string | undefined;
  private wanted = false;
  private readonly sent: string[] = [];

  constructor(
    private readonly sendNow: (event: RealtimeClientEvent) => Promise<void>,
    private readonly nextEventId: () => string,
    private readonly onSendError: (error: unknown) => void,
  ) {}

  /** True while the server is producing a response. */
  get responseActive(): boolean {
    return this.active !== undefined;
  }

  /** The response in progress, if any. */
  get activeResponseId(): string | undefined {
    return this.active;
  }

  /** Asks for a model response; resolves once it is sent, or queued behind the active response. */
  request(): Promise<void> {
    this.wanted = true;
    return this.pump();
  }

  /** `response.created`: the server started a response (ours, or one of its own). */
  responseCreated(responseId: string): void {
    this.active = responseId;
    // Ours or not, a response is active now; a rejection of ours would still be recognised by its event_id.
    this.inFlight = undefined;
  }

  /** `response.done`: the response ended (completed, cancelled, failed); a waiting request goes now. */
  responseDone(responseId: string): void {
    if (this.active === responseId || this.blockedUntilDone) {
      this.active = undefined;
      this.blockedUntilDone = false;
    }
    void this.pump().catch(this.onSendError);
  }

  /**
   * An `error` event: returns true when it rejected one of our `response.create`s because a response was
   * active — the request is queued again, and the error must not be surfaced.
   */
  rejected(eventId: string | null | undefined, code: string | null | undefined): boolean {
    if (eventId == null || code !== 'conversation_already_has_active_response' || !this.sent.includes(eventId)) return false;
    if (this.inFlight === eventId) this.inFlight = undefined;
    if (this.active === undefined) this.blockedUntilDone = true;
    this.wanted = true;
    void this.pump().catch(this.onSendError);
    return true;
  }

  /** An `error` naming a `response.create` of ours for another reason: it will not be answered. */
  failed(eventId: string | null | undefined): boolean {
    if (eventId == null || !this.sent.includes(eventId)) return false;
    if (this.inFlight === eventId) this.inFlight = undefined;
    void this.pump().catch(this.onSendError);
    return true;
  }

  private pump(): Promise<void> {
    if (!this.wanted || this.active !== undefined || this.blockedUntilDone || this.inFlight !== undefined) return Promise.resolve();
    this.wanted = false;
    const eventId = this.nextEventId();
    this.inFlight = eventId;
    this.sent.push(eventId);
    if (this.sent.length > REMEMBERED) this.sent.shift();
    return this.sendNow({ type: 'response.create', event_id: eventId });
  }
}
