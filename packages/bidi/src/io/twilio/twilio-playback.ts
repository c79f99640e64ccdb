/** One mark sent after a chunk of assistant audio: when Twilio echoes it, the caller has heard up to `endMs`. */
interface SentMark {
  readonly responseId: string;
  readonly endMs: number;
}

/**
 * The marks of one Twilio stream: a mark after each chunk of assistant audio, the played position taken from
 * their echoes. A `clear` forgets every mark still out — Twilio echoes those at once, but that audio was
 * discarded, not played. @internal
 */
export class TwilioPlayback {
  private next = 1;
  private readonly outstanding = new Map<string, SentMark>();
  private readonly sentMs = new Map<string, number>();

  /** Records `ms` more audio of `responseId` sent; returns the name of the mark to send after it. */
  sent(responseId: string, ms: number): string {
    const endMs = (this.sentMs.get(responseId) ?? 0) + ms;
    this.sentMs.set(responseId, endMs);
    const name = `tandem-${String(this.next++)}`;
    this.outstanding.set(name, { responseId, endMs });
    return name;
  }

  /** Twilio echoed `name`: the position the caller has heard, or undefined for a mark that was cleared or unknown. */
  echoed(name: string): SentMark | undefined {
    const mark = this.outstanding.get(name);
    this.outstanding.delete(name);
    return mark;
  }

  /** Playback was cleared (barge-in): marks still out no longer count as played. */
  clear(): void {
    this.outstanding.clear();
  }

  /** Marks sent and not yet echoed. */
  get pending(): number {
    return this.outstanding.size;
  }
}
