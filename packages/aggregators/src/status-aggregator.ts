import type { Aggregator } from '@tandem/core';

/**
 * What the model is sent when a status tool finished without yielding anything.
 *
 * @example
 * ```ts
 * StatusAggregator.toModelInput(undefined) === NO_STATUS_RESULT; // true
 * ```
 *
 * @category Aggregators
 */
export const NO_STATUS_RESULT = 'The tool finished without a result.';

/**
 * Keeps the last value a streaming tool yields — the "streaming status tool": earlier yields are progress
 * updates (each emitted as a `partial-tool-call-result` event), the last one is the result.
 *
 * The model sees the result as a tool's return value would be mapped: a string as text, `toolContent(…)`
 * as mixed content, anything else as JSON. A tool that yields nothing has the stored result `undefined`
 * and the model is told {@link NO_STATUS_RESULT}.
 *
 * @typeParam T - The type of the yielded values.
 *
 * @example
 * ```ts
 * import { StatusAggregator } from '@tandem/aggregators';
 *
 * const deploy: FunctionTool<{ service: string }> = {
 *   kind: 'function',
 *   name: 'deploy',
 *   description: 'Deploy a service.', inputSchema: { type: 'object', properties: { service: { type: 'string' } } },
 *   aggregator: StatusAggregator,
 *   async *execute({ service }) {
 *     yield { phase: 'building', service };
 *     yield { phase: 'rolling out', service };
 *     yield { phase: 'done', service, version: '1.4.2' };   // the result
 *   },
 * };
 * ```
 *
 * @category Aggregators
 */
export class StatusAggregator<T = unknown> implements Aggregator<T, T | undefined> {
  private last: T | undefined = undefined;

  /** Replaces the current status with `item`. */
  feed(item: T): void {
    this.last = item;
  }

  /** The last value yielded so far, or `undefined` before the first. */
  snapshot(): T | undefined {
    return this.last;
  }

  /** The last value as it is, or {@link NO_STATUS_RESULT} when there was none. */
  static toModelInput(snapshot: unknown): unknown {
    return snapshot === undefined ? NO_STATUS_RESULT : snapshot;
  }
}
