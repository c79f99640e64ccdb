/** Responses whose audio items are remembered (older ones can no longer be interrupted). */
const KEPT_RESPONSES = 8;

/** One audio content part of an assistant item: where it starts in its response's audio, and how long it is. */
interface AudioPart {
  readonly itemId: string;
  readonly contentIndex: number;
  readonly startMs: number;
  ms: number;
}

/** A `conversation.item.truncate` to send. */
export interface AudioTruncation {
  readonly itemId: string;
  readonly contentIndex: number;
  readonly audioEndMs: number;
}

/**
 * The audio the server sent for each response, as (item, content index, duration) parts in order — what
 * `conversation.item.truncate` needs to cut the item that was actually playing. @internal
 */
export class RealtimeAudioItems {
  private readonly responses = new Map<string, AudioPart[]>();
  private lastResponse: string | undefined;

  constructor(private readonly sampleRate: number) {}

  /** The response whose audio arrived last (the one playing, as far as the server is concerned). */
  get latestResponseId(): string | undefined {
    return this.lastResponse;
  }

  /** Records `byteLength` bytes of PCM16 audio of `itemId`'s content part `contentIndex`. */
  add(responseId: string, itemId: string, contentIndex: number, byteLength: number): void {
    let parts = this.responses.get(responseId);
    if (parts === undefined) {
      parts = [];
      this.responses.set(responseId, parts);
      if (this.responses.size > KEPT_RESPONSES) this.responses.delete(this.responses.keys().next().value as string);
    }
    this.lastResponse = responseId;
    const ms = (Math.floor(byteLength / 2) * 1000) / this.sampleRate;
    const last = parts.at(-1);
    if (last !== undefined && last.itemId === itemId && last.contentIndex === contentIndex) last.ms += ms;
    else parts.push({ itemId, contentIndex, startMs: last === undefined ? 0 : last.startMs + last.ms, ms });
  }

  /**
   * The truncations that make the server forget what was not heard of `responseId` when `playedMs` of it
   * was played: the part playing is cut at the position within it (clamped to its audio), later parts at
   * 0. Empty when nothing was played, everything was, or the response's audio is unknown.
   */
  truncations(responseId: string, playedMs: number): AudioTruncation[] {
    const parts = this.responses.get(responseId);
    if (parts === undefined || !(playedMs > 0)) return [];
    const out: AudioTruncation[] = [];
    for (const part of parts) {
      const end = part.startMs + part.ms;
      if (playedMs >= end) continue; // heard in full
      const audioEndMs = Math.max(0, Math.min(Math.floor(playedMs - part.startMs), Math.floor(part.ms)));
      out.push({ itemId: part.itemId, contentIndex: part.contentIndex, audioEndMs });
    }
    return out;
  }
}
