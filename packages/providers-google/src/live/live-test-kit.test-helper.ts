import type { BidiModelEvent, ToolResult } from '@tandem/core/spec';
import { loadJsonFixture } from '@tandem/core/testing';

const dir = new URL('../__fixtures__/live/', import.meta.url);

/** Server messages of a fixture under `__fixtures__/live/`. */
export function liveFixture(name: string): unknown[] {
  return loadJsonFixture(dir, name) as unknown[];
}

/** Reads events one by one from a connection, collecting them. */
export class EventReader {
  readonly seen: BidiModelEvent[] = [];
  private readonly iterator: AsyncIterator<BidiModelEvent>;

  constructor(events: AsyncIterable<BidiModelEvent>) {
    this.iterator = events[Symbol.asyncIterator]();
  }

  /** Events up to and including the first that matches `until`; all of them when the stream ends first. */
  async take(until: (event: BidiModelEvent) => boolean): Promise<BidiModelEvent[]> {
    const out: BidiModelEvent[] = [];
    for (;;) {
      const next = await this.iterator.next();
      if (next.done === true) return out;
      out.push(next.value);
      this.seen.push(next.value);
      if (until(next.value)) return out;
    }
  }

  /** Every remaining event, until the stream ends (rejects when it throws). */
  async rest(): Promise<BidiModelEvent[]> {
    return this.take(() => false);
  }
}

/** A successful text tool result. */
export function textResult(toolCallId: string, toolName: string, text: string): ToolResult {
  return { toolCallId, toolName, status: 'success', isError: false, result: text, modelInput: { type: 'text', value: text } };
}
