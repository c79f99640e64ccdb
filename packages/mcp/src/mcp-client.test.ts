// McpClient behaviour that needs exact control of time and of the wire: in-process servers over the SDK's
// InMemoryTransport, fake timers for timeouts (no real waiting), gates for ordering.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FunctionTool } from '@tandem/core';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  type JSONRPCMessage,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { gate, toolContext, type Gate } from './__fixtures__/servers.js';
import { createMcpServer } from './create-mcp-server.js';
import { McpTimeoutError } from './errors/mcp-timeout-error.js';
import { McpClient } from './mcp-client.js';
import type { McpProgress } from './mcp-client-options.js';
import { McpToolset } from './mcp-toolset.js';

/** A client-side transport that can drop outgoing messages (to simulate a hung server or lost cancellations). */
class FilteringTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly sent: JSONRPCMessage[] = [];
  drop: (message: JSONRPCMessage) => boolean = () => false;

  constructor(private readonly inner: Transport) {}

  start(): Promise<void> {
    this.inner.onmessage = (message) => this.onmessage?.(message);
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    return this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
    return this.drop(message) ? Promise.resolve() : this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

function method(message: JSONRPCMessage): string | undefined {
  return 'method' in message ? message.method : undefined;
}

/** Connects McpClients to fresh in-process servers made by `makeServer`, recording each connection's transport. */
function inMemoryClient(makeServer: () => Server, options: { timeoutMs?: number; onError?: (error: Error) => void } = {}) {
  const transports: FilteringTransport[] = [];
  const client = new McpClient({
    timeoutMs: options.timeoutMs ?? 1000,
    onError: options.onError,
    transport: {
      type: 'custom',
      name: 'in-memory',
      async create() {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await makeServer().connect(serverSide);
        const transport = new FilteringTransport(clientSide);
        transports.push(transport);
        return transport;
      },
    },
  });
  return { client, transports };
}

interface Controls {
  readonly started: Gate;
  readonly release: Gate;
  readonly aborted: Gate<unknown>;
}

function controlledTool(name: string, controls: Controls, steps: Gate[] = []): FunctionTool {
  return {
    kind: 'function',
    name,
    description: `${name} waits for the test`, inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    async execute(input, ctx) {
      ctx.signal.addEventListener('abort', () => controls.aborted.open(ctx.signal.reason), { once: true });
      controls.started.open();
      for (const [index, step] of steps.entries()) {
        ctx.progress(`step ${index + 1}`);
        await step.promise;
      }
      await controls.release.promise;
      return (input as { text?: string }).text ?? 'done';
    },
  };
}

function controls(): Controls {
  return { started: gate(), release: gate(), aborted: gate<unknown>() };
}

describe('McpClient timeouts, cancellation and late replies', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('progress notifications restart the per-call timeout', async () => {
    const c = controls();
    const steps = [gate(), gate()];
    const { client } = inMemoryClient(() => createMcpServer([controlledTool('slow', c, steps)]));
    const progress: McpProgress[] = [];
    const gotProgress = [gate(), gate()];
    const call = client.callTool('slow', { text: 'finished' }, {
      onProgress: (p) => {
        progress.push(p);
        gotProgress[progress.length - 1]?.open();
      },
    });
    let settled = false;
    void call.finally(() => (settled = true));
    await gotProgress[0]!.promise;
    await vi.advanceTimersByTimeAsync(900);
    steps[0]!.open();
    await gotProgress[1]!.promise;
    await vi.advanceTimersByTimeAsync(900); // 1800 ms in all: only alive because progress restarted the timer
    expect(settled).toBe(false);
    steps[1]!.open();
    c.release.open();
    await expect(call).resolves.toMatchObject({ content: [{ type: 'text', text: 'finished' }] });
    expect(progress).toEqual([
      { progress: 1, message: 'step 1' },
      { progress: 2, message: 'step 2' },
    ]);
    await client.close();
  });

  it('a silent call times out with McpTimeoutError and the server sees the cancellation', async () => {
    const c = controls();
    const { client, transports } = inMemoryClient(() => createMcpServer([controlledTool('silent', c)]));
    const call = client.callTool('silent');
    const outcome = call.then(() => undefined, (error: unknown) => error);
    await c.started.promise;
    await vi.advanceTimersByTimeAsync(1000);
    const error = await outcome;
    expect(McpTimeoutError.isInstance(error)).toBe(true);
    expect((error as McpTimeoutError).message).toBe(
      'tools/call silent on MCP server in-memory got no reply or progress within 1000 ms and was cancelled. Raise `timeoutMs` if the tool is slow, or check that the server is responsive.',
    );
    await c.aborted.promise;
    expect(transports[0]!.sent.filter((message) => method(message) === 'notifications/cancelled')).toHaveLength(1);
    await client.close();
  });

  it('aborting the signal sends notifications/cancelled and rejects with the reason', async () => {
    const c = controls();
    const { client, transports } = inMemoryClient(() => createMcpServer([controlledTool('cancellable', c)]));
    await client.connect();
    const [tool] = (await McpToolset.create(client)).slice(0, 1);
    const abort = new AbortController();
    const pending = Promise.resolve(tool!.execute!({}, toolContext({ signal: abort.signal })));
    const outcome = pending.then(() => undefined, (error: unknown) => error);
    await c.started.promise;
    const reason = new Error('user pressed stop');
    abort.abort(reason);
    expect(await outcome).toBe(reason);
    const cancelled = transports[0]!.sent.find((message) => method(message) === 'notifications/cancelled');
    expect(cancelled).toMatchObject({ params: { requestId: expect.any(Number), reason: 'Error: user pressed stop' } });
    await c.aborted.promise;
    await client.close();
  });

  it('a reply that arrives after its timeout is dropped, not taken for a later call', async () => {
    const first = controls();
    const second = controls();
    const errors: Error[] = [];
    const lateReplySeen = gate();
    const server = createMcpServer([controlledTool('first', first), controlledTool('second', second)]);
    const { client, transports } = inMemoryClient(() => server, {
      onError: (error) => {
        errors.push(error);
        if (/unknown message ID/.test(error.message)) lateReplySeen.open();
      },
    });
    await client.connect();
    // Lose the cancellation, so the server finishes the first call and replies late.
    transports[0]!.drop = (message) => method(message) === 'notifications/cancelled';
    const call1 = client.callTool('first', { text: 'one' }).then(() => undefined, (error: unknown) => error);
    await first.started.promise;
    await vi.advanceTimersByTimeAsync(1000);
    expect(McpTimeoutError.isInstance(await call1)).toBe(true);

    const call2 = client.callTool('second', { text: 'two' });
    let settled2 = false;
    void call2.finally(() => (settled2 = true));
    await second.started.promise;
    first.release.open(); // the late reply to call 1 arrives while call 2 is pending
    await lateReplySeen.promise;
    expect(settled2).toBe(false);
    second.release.open();
    await expect(call2).resolves.toMatchObject({ content: [{ type: 'text', text: 'two' }] });
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/Received a response for an unknown message ID/)]);
    await client.close();
  });

  it('a hung server is dropped after an unanswered ping, and the next call reconnects', async () => {
    let hang = true;
    const c = controls();
    c.release.open();
    const { client, transports } = inMemoryClient(() => createMcpServer([controlledTool('quick', c)]));
    await client.connect();
    transports[0]!.drop = () => hang;
    const call = client.callTool('quick', { text: 'lost' }).then(() => undefined, (error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(McpTimeoutError.isInstance(await call)).toBe(true);
    expect(client.connected).toBe(true);
    await vi.advanceTimersByTimeAsync(5000); // the health-check ping times out
    expect(client.connected).toBe(false);
    hang = false;
    await expect(client.callTool('quick', { text: 'fresh' })).resolves.toMatchObject({ content: [{ type: 'text', text: 'fresh' }] });
    expect(transports).toHaveLength(2);
    await client.close();
  });
});

describe('McpToolset refresh on tools/list_changed', () => {
  it('replaces its tools in place when the server announces a change', async () => {
    let tools: Tool[] = [{ name: 'alpha', inputSchema: { type: 'object' } }];
    const server = new Server({ name: 'changing', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: 'text', text: `ran ${request.params.name}` }] }));
    const { client } = inMemoryClient(() => server);
    await using toolset = await McpToolset.create(client, { toolPrefix: 'srv.' });
    expect(toolset.map((tool) => tool.name)).toEqual(['srv_alpha']);

    const changed = gate<string[]>();
    client.onToolsChanged((list) => changed.open(list.map((tool) => tool.name)));
    tools = [...tools, { name: 'beta.v2', description: 'Second tool', inputSchema: { type: 'object' } }];
    await server.sendToolListChanged();
    expect(await changed.promise).toEqual(['alpha', 'beta.v2']);
    expect(toolset.map((tool) => tool.name)).toEqual(['srv_alpha', 'srv_beta_v2']);
    await expect(Promise.resolve(toolset[1]!.execute!({}, toolContext()))).resolves.toBe('ran beta.v2');
  });

  it('gives names that collide after sanitizing distinct suffixes', async () => {
    const server = new Server({ name: 'dupes', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        { name: 'a.b', inputSchema: { type: 'object' as const } },
        { name: 'a_b', inputSchema: { type: 'object' as const } },
      ],
    }));
    const { client } = inMemoryClient(() => server);
    await using toolset = await McpToolset.create(client);
    expect(toolset.map((tool) => [tool.name, tool.mcp.name])).toEqual([
      ['a_b', 'a.b'],
      ['a_b_2', 'a_b'],
    ]);
  });
});

describe('McpClient paging', () => {
  it('follows nextCursor through every page of tools and prompts', async () => {
    const server = new Server({ name: 'paged', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
    const pages: Record<string, { items: string[]; next?: string }> = {
      start: { items: ['a', 'b'], next: 'p2' },
      p2: { items: ['c'], next: 'p3' },
      p3: { items: ['d'] },
    };
    const seenCursors: (string | undefined)[] = [];
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      seenCursors.push(request.params?.cursor);
      const page = pages[request.params?.cursor ?? 'start']!;
      return { tools: page.items.map((name) => ({ name, inputSchema: { type: 'object' as const } })), nextCursor: page.next };
    });
    server.setRequestHandler(ListPromptsRequestSchema, (request) => {
      const page = pages[request.params?.cursor ?? 'start']!;
      return { prompts: page.items.map((name) => ({ name })), nextCursor: page.next };
    });
    const { client } = inMemoryClient(() => server);
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(seenCursors).toEqual([undefined, 'p2', 'p3']);
    expect((await client.listPrompts()).map((prompt) => prompt.name)).toEqual(['a', 'b', 'c', 'd']);
    await client.close();
  });
});
