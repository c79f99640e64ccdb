// Expose Tandem tools as an MCP server over stdio, for any MCP client (Claude Desktop, IDEs, other agents).
// Register it in a client, e.g. { "command": "node", "args": ["/path/to/serve-tools.mjs"] }.
// Try it: npx @modelcontextprotocol/inspector node examples/serve-tools.mjs
import { toolContent } from '@tandem/core';
import { serveTools } from '@tandem/mcp/server';

/** @type {import('@tandem/core').FunctionTool[]} */
const tools = [
  {
    kind: 'function',
    name: 'add',
    spec: { description: 'Adds two numbers.', params: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
    execute: ({ a, b }) => ({ sum: a + b }), // → text JSON + structuredContent
  },
  {
    kind: 'function',
    name: 'countdown',
    spec: { description: 'Counts down; each number is a progress notification.', params: { type: 'object', properties: {} } },
    // A streaming tool: yielded items become progress notifications, the aggregate is the result.
    aggregator: class {
      items = [];
      feed(item) { this.items.push(item); }
      snapshot() { return this.items; }
      static toModelInput(items) { return `${items.join(', ')} — liftoff!`; }
    },
    async *execute() {
      for (const n of [3, 2, 1]) yield String(n);
    },
  },
  {
    kind: 'function',
    name: 'pixel',
    spec: { description: 'Returns a 1×1 PNG.', params: { type: 'object', properties: {} } },
    execute: () =>
      toolContent([
        { type: 'text', text: 'A single pixel:' },
        {
          type: 'file',
          mediaType: 'image/png',
          data: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
        },
      ]),
  },
];

await serveTools(tools, { transport: 'stdio' });
