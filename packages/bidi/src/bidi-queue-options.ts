/**
 * Limits of the queue between the model reader and each output (and `receive()`).
 *
 * Drop policy: audio is what goes stale — when an output has `maxAudioEvents` audio chunks waiting, the
 * oldest is dropped for that output only and counted in an `audio-dropped` event it receives when it
 * catches up. Control events (transcripts, tool events, `connection-close`, …) are never dropped; if
 * `maxEvents` of them pile up the output is considered dead: it is detached and the other outputs get
 * a non-fatal `error` event with a `BidiOutputOverflowError`. Either way memory stays bounded and the
 * model reader and the other outputs never wait for a slow one.
 *
 * @example
 * ```ts
 * new BidiAgent({ model, queue: { maxAudioEvents: 100, maxEvents: 5_000 } });
 * ```
 *
 * @category Agent
 */
export interface BidiQueueOptions {
  /** Audio chunks kept per output (default 250, about 5 s of 20 ms chunks). */
  readonly maxAudioEvents?: number;
  /** Other events kept per output before it is detached (default 10 000). */
  readonly maxEvents?: number;
}
