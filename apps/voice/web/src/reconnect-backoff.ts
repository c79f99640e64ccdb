/**
 * Delays between reconnection attempts: 1 s, 2 s, 4 s, 8 s, then 15 s, with ±20 % jitter (so many pages
 * do not return at the same instant); `reset()` after a connection worked.
 */
export class ReconnectBackoff {
  private attempt = 0;
  private readonly random: () => number;

  constructor(random: () => number = Math.random) {
    this.random = random;
  }

  /** The delay before the next attempt, in ms. */
  next(): number {
    const base = Math.min(15_000, 1_000 * 2 ** this.attempt);
    this.attempt += 1;
    return Math.round(base * (0.8 + 0.4 * this.random()));
  }

  reset(): void {
    this.attempt = 0;
  }
}
