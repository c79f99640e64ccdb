import type { Aggregator } from '@tandem/core';

/**
 * Concatenates the strings a streaming tool yields into one text result — the "streaming text tool".
 *
 * Each yielded string is also emitted as a `partial-tool-call-result` event (its `value`), so a UI can show
 * the text as it grows; the concatenation is the stored result and what the model sees.
 * Yielding anything but a string is a programming error: `feed()` throws a `TypeError`, which ends the
 * call with an error result.
 *
 * @example
 * ```ts
 * import { TextAggregator } from '@tandem/aggregators';
 *
 * const draftReply: FunctionTool<{ topic: string }> = {
 *   kind: 'function',
 *   name: 'draft_reply',
 *   description: 'Draft a reply.', inputSchema: { type: 'object', properties: { topic: { type: 'string' } } },
 *   aggregator: TextAggregator,
 *   async *execute({ topic }) {
 *     yield 'Checking ';
 *     yield 'records for ';
 *     yield topic;
 *   },
 * };
 * // result: 'Checking records for <topic>'
 * ```
 *
 * @category Aggregators
 */
export class TextAggregator implements Aggregator<string, string> {
  private text = '';

  /** Appends `item`, which must be a string. */
  feed(item: string): void {
    if (typeof item !== 'string') {
      const kind = item === null ? 'null' : typeof item;
      throw new TypeError(
        `TextAggregator: a streaming text tool must yield strings, but it yielded ${kind}. Yield text, or use StatusAggregator for other values.`,
      );
    }
    this.text += item;
  }

  /** The text so far. */
  snapshot(): string {
    return this.text;
  }

  /** The model sees the text as it is. */
  static toModelInput(snapshot: string): string {
    return snapshot;
  }
}
