/** Responses whose reported position is kept (older ones can no longer be interrupted). */
const KEPT_RESPONSES = 16;

/**
 * Where the listener is in each response's audio, as outputs that play audio report it
 * (`agent.reportPlayed()`, e.g. from `webSocketIO`'s `{ type: 'played' }` client message): the last
 * reported position is where a barge-in truncates the model's copy of the response. @internal
 */
export class PlaybackPosition {
  private readonly reported = new Map<string, number>();

  /** Records the last reported position of `responseId`; invalid values are ignored. */
  report(responseId: string, ms: number): void {
    if (typeof responseId !== 'string' || !Number.isFinite(ms) || ms < 0) return;
    this.reported.delete(responseId);
    this.reported.set(responseId, ms);
    if (this.reported.size > KEPT_RESPONSES) this.reported.delete(this.reported.keys().next().value as string);
  }

  /**
   * Where to truncate `responseId`: the last reported position, clamped to `sentMs` (the audio actually
   * handed to outputs); `undefined` — skip truncating — when nothing was reported or nothing was played.
   */
  truncationPoint(responseId: string, sentMs: number): number | undefined {
    const reported = this.reported.get(responseId);
    if (reported === undefined) return undefined;
    const point = Math.floor(Math.min(reported, sentMs));
    return point > 0 ? point : undefined;
  }
}
