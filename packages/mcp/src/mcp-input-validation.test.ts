import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { McpClient } from './mcp-client.js';
import { McpToolset } from './mcp-toolset.js';

function serverWith(calls: unknown[]): () => Server {
  return () => {
    const server = new Server({ name: 'codes', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        {
          name: 'lookup',
          description: 'Look a code up.',
          inputSchema: {
            type: 'object' as const,
            properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' }, count: { type: 'integer', minimum: 1 } },
            required: ['code'],
          },
        },
      ],
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      calls.push(request.params.arguments);
      return { content: [{ type: 'text', text: 'found' }] };
    });
    return server;
  };
}

function client(makeServer: () => Server): McpClient {
  return new McpClient({
    transport: {
      type: 'custom',
      name: 'in-memory',
      async create() {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await makeServer().connect(serverSide);
        return clientSide;
      },
    },
  });
}

describe('MCP tool arguments', () => {
  it('are validated against the tool\'s inputSchema first: bad ones are an error result and the server is never called', async () => {
    const calls: unknown[] = [];
    await using mcp = client(serverWith(calls));
    await using toolset = await McpToolset.create(mcp);
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'lookup', id: 'bad', input: { code: 'abc', count: 0 } }]), textResponse('ok')],
    });
    await new Agent({ tools: [toolset] }).run(model, 'go').result;
    expect(calls).toEqual([]);
    const part = model.requests[1]?.messages.at(-1)?.parts[0];
    expect(part).toMatchObject({ type: 'tool-result', status: 'error' });
    const text = JSON.stringify(part);
    expect(text).toContain('/code: String does not match pattern');
    expect(text).toContain('/count: 0 is less than 1');
  });

  it('that are valid reach the server unchanged', async () => {
    const calls: unknown[] = [];
    await using mcp = client(serverWith(calls));
    await using toolset = await McpToolset.create(mcp);
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'lookup', id: 'ok', input: { code: 'ABC' } }]), textResponse('ok')] });
    await new Agent({ tools: [toolset] }).run(model, 'go').result;
    expect(calls).toEqual([{ code: 'ABC' }]);
  });
});
