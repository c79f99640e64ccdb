// Tandem tools served over MCP in the serveTools tests (in-process for HTTP, in a child process for stdio).
import { toolContent, type Aggregator, type FunctionTool } from '@tandem/core';

/** The first bytes of a PNG file: enough to check bytes survive the trip. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

class JoinAggregator implements Aggregator<string, string[]> {
  private readonly items: string[] = [];
  feed(item: string): void {
    this.items.push(item);
  }
  snapshot(): string[] {
    return this.items;
  }
  static toModelInput(snapshot: string[]): string {
    return snapshot.join(' ');
  }
}

export const servedTools: FunctionTool[] = [
  {
    kind: 'function',
    name: 'greet',
    description: 'Greets someone by name.', inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    validate: (input) =>
      typeof (input as { name?: unknown }).name === 'string'
        ? { success: true, value: input }
        : { success: false, error: '`name` must be a string' },
    execute: (input) => `Hello, ${(input as { name: string }).name}!`,
  },
  {
    kind: 'function',
    name: 'add',
    description: 'Adds two numbers.', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
    execute: (input) => {
      const { a, b } = input as { a: number; b: number };
      return { sum: a + b };
    },
  },
  {
    kind: 'function',
    name: 'chart',
    description: 'Draws a chart.', inputSchema: { type: 'object', properties: {} },
    execute: () => toolContent([{ type: 'text', text: 'Here is the chart:' }, { type: 'file', mediaType: 'image/png', data: PNG_BYTES }]),
  },
  {
    kind: 'function',
    name: 'fail',
    description: 'Always fails.', inputSchema: { type: 'object', properties: {} },
    execute: () => {
      throw new TypeError('the answer is 41');
    },
  },
  {
    kind: 'function',
    name: 'count_up',
    description: 'Counts to three, streaming each number.', inputSchema: { type: 'object', properties: {} },
    aggregator: JoinAggregator,
    async *execute() {
      yield 'one';
      yield 'two';
      yield 'three';
    },
  } as FunctionTool,
];
