// Helpers for core's own tests (not shipped: nothing imports this from an entry point).
import type { FunctionTool, ToolConfig } from '../tool-definition/tool.js';
import type { ToolContext } from '../tool-definition/tool-context.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { AggregatorClass } from '../tool-definition/aggregator.js';

/** A function tool without @tandem/tools. */
export function fnTool(
  name: string,
  execute: (input: Record<string, unknown>, ctx: ToolContext) => unknown,
  options: { config?: ToolConfig; validate?: FunctionTool['validate']; aggregator?: AggregatorClass } = {},
): FunctionTool {
  return {
    kind: 'function',
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: {} },
    execute: execute as FunctionTool['execute'],
    ...options,
  };
}

/** A promise with its resolve/reject exposed: an explicit gate for ordering tests. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Drains an async iterable of events. */
export async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** Only the events of one type, narrowed. */
export function ofType<T extends AgentEvent['type']>(events: readonly AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
}

/** A test aggregator: joins every item a streaming tool yields into one text. */
export class Join {
  private text = '';
  feed(item: unknown): void {
    this.text += String(item);
  }
  snapshot(): string {
    return this.text;
  }
  static toModelInput(snapshot: string): string {
    return snapshot;
  }
}
