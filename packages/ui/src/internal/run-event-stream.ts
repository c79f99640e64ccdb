import type { AgentEvent } from '@tandem/core';
import { disposeRun, type StreamableRun } from './run-like.js';

/** What a protocol adds to {@link runEventStream}: how it opens, maps each event, ends and fails. @internal */
export interface RunEventMapping<T> {
  /** Called once when the stream starts, with the way to queue output. */
  start(enqueue: (chunk: T) => void): void;
  /** Maps one run event (it may queue any number of chunks). */
  event(event: AgentEvent): void;
  /** The run's events ended: settle on its result (it may queue the closing chunks). */
  settle(run: StreamableRun): Promise<void>;
  /** The run's event stream threw: queue the protocol's error chunk with this message. */
  fail(message: string): void;
  /** The message a client sees for a failure (default `"An error occurred."`; a throwing one falls back to it). */
  readonly onError?: ((error: unknown) => string) | undefined;
}

/**
 * A pull-driven stream of a run in some protocol: reads the run's events only as fast as the reader takes chunks,
 * never resolves a pull empty-handed mid-run, and cancels the run when the reader cancels. @internal
 */
export function runEventStream<T>(run: StreamableRun, mapping: RunEventMapping<T>): ReadableStream<T> {
  const iterator = run[Symbol.asyncIterator]();
  let done = false;
  return new ReadableStream<T>(
    {
      start(controller) {
        mapping.start((chunk) => controller.enqueue(chunk));
      },
      async pull(controller) {
        // Read until at least one chunk is queued, so a pull never resolves empty-handed mid-run.
        const before = controller.desiredSize ?? 0;
        while (!done && (controller.desiredSize ?? 0) >= before) {
          let next: IteratorResult<AgentEvent>;
          try {
            next = await iterator.next();
          } catch (error) {
            done = true;
            mapping.fail(describeFailure(error, mapping.onError));
            controller.close();
            return;
          }
          if (next.done === true) {
            done = true;
            await mapping.settle(run);
            controller.close();
            return;
          }
          mapping.event(next.value);
        }
      },
      async cancel() {
        done = true;
        await disposeRun(run);
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The client-facing message of a failure: `onError`'s, else (or when it throws) `"An error occurred."`. @internal */
export function describeFailure(error: unknown, onError: ((error: unknown) => string) | undefined): string {
  if (onError === undefined) return 'An error occurred.';
  try {
    return onError(error);
  } catch {
    return 'An error occurred.';
  }
}
