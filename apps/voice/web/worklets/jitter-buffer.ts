/** Where playback is: how much of a response the listener has heard. */
export interface PlayedPosition {
  readonly responseId: string;
  readonly ms: number;
}

interface Chunk {
  readonly responseId: string;
  readonly samples: Float32Array;
  offset: number;
}

/** Settings of {@link JitterBuffer}. */
export interface JitterBufferOptions {
  /** Audio to hold before playback starts (and restarts after running dry), in ms (default 80). */
  readonly prebufferMs?: number;
  /** Start anyway once audio has waited this long, in ms (default 250) — the end of a short response. */
  readonly maxWaitMs?: number;
}

/**
 * The playback queue of the page's speaker, run inside its AudioWorklet: audio chunks of responses at
 * the output rate wait here until rendered. It holds a little audio before it starts (so network
 * jitter does not cause gaps), counts what was actually rendered per response (the played position),
 * and `clear()` drops everything at once (barge-in).
 */
export class JitterBuffer {
  private readonly sampleRate: number;
  private readonly prebuffer: number;
  private readonly maxWait: number;
  private readonly chunks: Chunk[] = [];
  private queued = 0;
  private playing = false;
  private waited = 0;
  private readonly played = new Map<string, number>();
  private current: string | undefined;
  private underrunCount = 0;

  constructor(sampleRate: number, options: JitterBufferOptions = {}) {
    this.sampleRate = sampleRate;
    this.prebuffer = Math.round(((options.prebufferMs ?? 80) / 1000) * sampleRate);
    this.maxWait = Math.round(((options.maxWaitMs ?? 250) / 1000) * sampleRate);
  }

  /** Audio waiting to be played, in ms. */
  get bufferedMs(): number {
    return (this.queued / this.sampleRate) * 1000;
  }

  /** True while audio is being rendered. */
  get isPlaying(): boolean {
    return this.playing;
  }

  /** Times playback ran dry while audio was expected. */
  get underruns(): number {
    return this.underrunCount;
  }

  /** How much of the response heard last has been heard (`undefined` before any audio played). */
  get position(): PlayedPosition | undefined {
    if (this.current === undefined) return undefined;
    return { responseId: this.current, ms: ((this.played.get(this.current) ?? 0) / this.sampleRate) * 1000 };
  }

  push(responseId: string, samples: Float32Array): void {
    if (samples.length === 0) return;
    this.chunks.push({ responseId, samples, offset: 0 });
    this.queued += samples.length;
  }

  /** Drops every queued sample at once; returns how many ms were dropped. */
  clear(): number {
    const dropped = this.bufferedMs;
    this.chunks.length = 0;
    this.queued = 0;
    this.playing = false;
    this.waited = 0;
    return dropped;
  }

  /** Fills `out` with the next samples (silence while buffering or empty). */
  render(out: Float32Array): void {
    out.fill(0);
    if (!this.playing) {
      if (this.queued === 0) return;
      this.waited += out.length;
      if (this.queued < this.prebuffer && this.waited < this.maxWait) return;
      this.playing = true;
      this.waited = 0;
    }
    let written = 0;
    while (written < out.length) {
      const chunk = this.chunks[0];
      if (chunk === undefined) {
        this.playing = false;
        this.underrunCount += 1;
        return;
      }
      const count = Math.min(out.length - written, chunk.samples.length - chunk.offset);
      out.set(chunk.samples.subarray(chunk.offset, chunk.offset + count), written);
      written += count;
      chunk.offset += count;
      this.queued -= count;
      this.current = chunk.responseId;
      this.played.set(chunk.responseId, (this.played.get(chunk.responseId) ?? 0) + count);
      if (chunk.offset === chunk.samples.length) this.chunks.shift();
    }
    if (this.played.size > 16) this.played.delete(this.played.keys().next().value as string);
  }
}
