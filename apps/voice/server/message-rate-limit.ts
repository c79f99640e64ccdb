/**
 * A token bucket: `perSecond` messages a second on average, bursts of up to twice that.
 */
export class MessageRateLimit {
  private readonly perSecond: number;
  private readonly capacity: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;

  /** `now` gives milliseconds on a monotonic clock (default `performance.now()`). */
  constructor(perSecond: number, now: () => number = () => performance.now()) {
    if (!(perSecond > 0)) throw new RangeError(`MessageRateLimit: perSecond must be positive, got ${String(perSecond)}.`);
    this.perSecond = perSecond;
    this.capacity = perSecond * 2;
    this.now = now;
    this.tokens = this.capacity;
    this.last = now();
  }

  /** Takes one message's token; false when the sender is over the limit. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
