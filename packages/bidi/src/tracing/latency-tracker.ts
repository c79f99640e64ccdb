import type { BidiAudioMetrics } from '../bidi-event.js';

/**
 * Remembers when the user last stopped speaking and when results were last sent, and turns them into
 * the metrics of a response's first audio chunk. @internal
 */
export class LatencyTracker {
  private speechEndAt: number | undefined;
  private resultsAt: number | undefined;

  speechEnded(now: number): void {
    this.speechEndAt = now;
  }

  resultsSent(now: number): void {
    this.resultsAt = now;
  }

  /** Metrics for a first audio chunk at `now`; resets both marks. */
  firstAudio(now: number): BidiAudioMetrics {
    const metrics: BidiAudioMetrics = {
      ...(this.speechEndAt === undefined ? {} : { speechEndToFirstAudioMs: now - this.speechEndAt }),
      ...(this.resultsAt === undefined ? {} : { toolResultToFirstAudioMs: now - this.resultsAt }),
    };
    this.speechEndAt = undefined;
    this.resultsAt = undefined;
    return metrics;
  }
}
