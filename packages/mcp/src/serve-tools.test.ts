// serveTools round trips: Tandem tools served over stdio (a child process) and Streamable HTTP (in-process),
// consumed by getStdioTools/getHttpTools and by the official SDK's own Client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isToolContent, type ToolContent } from '@tandem/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { SERVE_STDIO_FIXTURE } from './__fixtures__/fixture-paths.js';
import { PNG_BYTES, servedTools } from './__fixtures__/served-tools.js';
import { isAlive, toolContext } from './__fixtures__/servers.js';
import { McpConnectionError } from './errors/mcp-connection-error.js';
import { McpToolError } from './errors/mcp-tool-error.js';
import { getHttpTools } from './get-http-tools.js';
import { getStdioTools } from './get-stdio-tools.js';
import type { McpToolset } from './mcp-toolset.js';
import { serveTools } from './serve-tools.js';
import type { ServedTools } from './serve-tools-options.js';

/** The same checks for any toolset consuming the served tools. */
function describeToolsetRoundTrip(connect: () => Promise<McpToolset>) {
  let tools: McpToolset;
  beforeAll(async () => {
    tools = await connect();
  });
  afterAll(async () => {
    await tools?.close();
  });
  const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;

  it('lists every served tool with its description and schema', () => {
    expect(tools.map((t) => t.name)).toEqual(['greet', 'add', 'chart', 'fail', 'count_up']);
    expect(tool('greet')).toMatchObject({
      description: 'Greets someone by name.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    expect(tool('greet').spec?.params).toEqual(tool('greet').inputSchema); // the deprecated shape still reads
  });

  it('returns text, JSON and images', async () => {
    await expect(Promise.resolve(tool('greet').execute!({ name: 'Ada' }, toolContext()))).resolves.toBe('Hello, Ada!');
    await expect(Promise.resolve(tool('add').execute!({ a: 2, b: 3 }, toolContext()))).resolves.toEqual({ sum: 5 });
    const chart = (await tool('chart').execute!({}, toolContext())) as ToolContent;
    expect(isToolContent(chart)).toBe(true);
    expect(chart.blocks).toEqual([
      { type: 'text', text: 'Here is the chart:' },
      { type: 'file', mediaType: 'image/png', data: PNG_BYTES },
    ]);
  });

  it('turns a thrown error and failed validation into error results', async () => {
    await expect(Promise.resolve(tool('fail').execute!({}, toolContext()))).rejects.toSatisfy(
      (error: unknown) => McpToolError.isInstance(error) && error.message === 'TypeError: the answer is 41',
    );
    await expect(Promise.resolve(tool('greet').execute!({ name: 7 }, toolContext()))).rejects.toSatisfy(
      (error: unknown) => McpToolError.isInstance(error) && error.message === 'TypeError: Invalid arguments for greet: `name` must be a string',
    );
  });

  it('streams a streaming tool: items arrive as progress, the aggregate as the result', async () => {
    const ctx = toolContext();
    await expect(Promise.resolve(tool('count_up').execute!({}, ctx))).resolves.toBe('one two three');
    expect(ctx.progressed).toEqual([
      { value: { progress: 1, message: 'one' }, label: 'one' },
      { value: { progress: 2, message: 'two' }, label: 'two' },
      { value: { progress: 3, message: 'three' }, label: 'three' },
    ]);
  });
}

/**
 * The same checks with the official SDK client. `allProgress`: whether to insist on every progress
 * notification — the SDK's own stdio client handles a notification a microtask after a response that
 * arrives in the same read, so it may drop progress that the OS delivered together with the result
 * (our client delivers messages in order and is held to all of them above).
 */
async function sdkClientRoundTrip(client: Client, allProgress: boolean) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['greet', 'add', 'chart', 'fail', 'count_up']);
  expect(await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } })).toEqual({
    content: [{ type: 'text', text: '{"sum":42}' }],
    structuredContent: { sum: 42 },
  });
  expect(await client.callTool({ name: 'chart', arguments: {} })).toEqual({
    content: [
      { type: 'text', text: 'Here is the chart:' },
      { type: 'image', mimeType: 'image/png', data: Buffer.from(PNG_BYTES).toString('base64') },
    ],
  });
  expect(await client.callTool({ name: 'fail', arguments: {} })).toEqual({
    isError: true,
    content: [{ type: 'text', text: 'TypeError: the answer is 41' }],
  });
  const progress: Progress[] = [];
  const streamed = await client.callTool({ name: 'count_up', arguments: {} }, undefined, { onprogress: (p) => progress.push(p) });
  expect(streamed).toEqual({ content: [{ type: 'text', text: 'one two three' }] });
  const messages = progress.map((p) => p.message);
  if (allProgress) expect(messages).toEqual(['one', 'two', 'three']);
  else expect(['one', 'two', 'three'].slice(0, messages.length)).toEqual(messages);
  expect(progress.map((p) => p.progress)).toEqual([1, 2, 3].slice(0, progress.length));
}

describe('serveTools over stdio', () => {
  describe('consumed by getStdioTools', () => {
    describeToolsetRoundTrip(() => getStdioTools({ command: process.execPath, args: [SERVE_STDIO_FIXTURE], killGraceMs: 500 }));
  });

  it('is consumed by the official SDK Client (and exits when stdin closes)', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [SERVE_STDIO_FIXTURE] });
    const client = new Client({ name: 'sdk-test', version: '1.0.0' });
    await client.connect(transport);
    expect(client.getInstructions()).toBe('Test tools served by Tandem.');
    await sdkClientRoundTrip(client, false);
    const pid = transport.pid!;
    await client.close();
    expect(isAlive(pid)).toBe(false);
  });
});

describe('serveTools over Streamable HTTP', () => {
  let served: ServedTools;
  beforeAll(async () => {
    served = await serveTools(servedTools, { transport: { port: 0 } });
  });
  afterAll(async () => {
    await served?.close();
  });

  it('listens on loopback at /mcp', () => {
    expect(served.url?.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  describe('consumed by getHttpTools', () => {
    describeToolsetRoundTrip(() => getHttpTools(served.url!));
  });

  it('is consumed by the official SDK Client', async () => {
    const client = new Client({ name: 'sdk-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(served.url!));
    await sdkClientRoundTrip(client, true);
    await client.close();
  });

  it('ends the session with DELETE when the toolset closes, so the server forgets it', async () => {
    const sent: { method: string; session: string | null }[] = [];
    const tools = await getHttpTools(served.url!, {
      fetch: (url, init) => {
        sent.push({ method: init?.method ?? 'GET', session: new Headers(init?.headers).get('mcp-session-id') });
        return fetch(url, init);
      },
    });
    const session = sent.find((request) => request.session !== null)?.session;
    expect(session).toEqual(expect.any(String));
    await tools.close();
    expect(sent.at(-1)).toEqual({ method: 'DELETE', session });
    const afterwards = await fetch(served.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': session! },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(afterwards.status).toBe(404);
  });

  it('rejects requests without a session and unknown sessions', async () => {
    const noSession = await fetch(served.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(noSession.status).toBe(400);
    const unknown = await fetch(served.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': 'nope' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('serveTools over HTTP with a bearer token', () => {
  it('rejects clients without the token and serves those that send it in headers', async () => {
    await using served = await serveTools(servedTools, {
      transport: { authorize: (request) => request.headers.authorization === 'Bearer let-me-in' },
    });
    await expect(getHttpTools(served.url!)).rejects.toSatisfy(
      (error: unknown) => McpConnectionError.isInstance(error) && /Could not connect .*: HTTP 401 .*Check the credentials/.test(error.message),
    );
    await using tools = await getHttpTools(served.url!, { headers: { Authorization: 'Bearer let-me-in' } });
    await expect(Promise.resolve(tools[0]!.execute!({ name: 'Grace' }, toolContext()))).resolves.toBe('Hello, Grace!');
  });
});

describe('serveTools validation', () => {
  it('refuses tools it cannot run', async () => {
    await expect(
      serveTools([{ kind: 'function', name: 'schema_only', description: 'x', inputSchema: { type: 'object' } }], { transport: { port: 0 } }),
    ).rejects.toThrow(/Cannot serve "schema_only" over MCP: it has no execute/);
    await expect(serveTools([servedTools[0]!, servedTools[0]!], { transport: { port: 0 } })).rejects.toThrow(/Two tools are named "greet"/);
  });
});
