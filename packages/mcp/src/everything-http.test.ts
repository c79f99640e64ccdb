// Against the real @modelcontextprotocol/server-everything over HTTP: Streamable HTTP, and the legacy SSE
// transport through the automatic fallback. One server process per block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isToolContent, type ToolContent } from '@tandem/core';
import { gate, startEverythingHttp, toolContext, type HttpServerProcess } from './__fixtures__/servers.js';
import { McpConnectionError } from './errors/mcp-connection-error.js';
import { getHttpTools } from './get-http-tools.js';
import { McpToolError } from './errors/mcp-tool-error.js';
import type { McpToolset } from './mcp-toolset.js';

interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
}

function recordingFetch(requests: RecordedRequest[]) {
  return (url: string | URL, init?: RequestInit): Promise<Response> => {
    requests.push({ method: init?.method ?? 'GET', url: String(url), headers: new Headers(init?.headers) });
    return fetch(url, init);
  };
}

describe('server-everything over Streamable HTTP', () => {
  let server: HttpServerProcess;
  let tools: McpToolset;
  const requests: RecordedRequest[] = [];

  beforeAll(async () => {
    server = await startEverythingHttp('streamableHttp');
    tools = await getHttpTools(`${server.baseUrl}/mcp`, {
      headers: { Authorization: 'Bearer s3cret-token' },
      toolPrefix: 'ev.',
      fetch: recordingFetch(requests),
    });
  });

  afterAll(async () => {
    await tools?.close();
    await server?.stop();
  });

  function tool(name: string) {
    const found = tools.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no tool ${name} in ${tools.map((t) => t.name).join(', ')}`);
    return found;
  }

  it('lists the tools under the sanitized prefix and sends the bearer header on every request', () => {
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['ev_echo', 'ev_get-sum', 'ev_get-tiny-image']));
    expect(tool('ev_echo').mcp.name).toBe('echo');
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.headers.get('authorization')).toBe('Bearer s3cret-token');
    expect(requests[0]).toMatchObject({ method: 'POST', url: `${server.baseUrl}/mcp` });
  });

  it('calls echo and get-sum', async () => {
    await expect(tool('ev_echo').execute!({ message: 'over http' }, toolContext())).resolves.toBe('Echo: over http');
    await expect(tool('ev_get-sum').execute!({ a: 1.5, b: 2 }, toolContext())).resolves.toBe('The sum of 1.5 and 2 is 3.5.');
  });

  it('receives the image as bytes', async () => {
    const result = (await tool('ev_get-tiny-image').execute!({}, toolContext())) as ToolContent;
    expect(isToolContent(result)).toBe(true);
    const file = result.blocks.find((block) => block.type === 'file');
    expect(file).toMatchObject({ type: 'file', mediaType: 'image/png' });
  });

  it('receives every progress notification of the long-running operation', async () => {
    const ctx = toolContext();
    await tool('ev_trigger-long-running-operation').execute!({ duration: 0.2, steps: 2 }, ctx);
    expect(ctx.progressed.map((record) => record.value)).toEqual([
      { progress: 1, total: 2 },
      { progress: 2, total: 2 },
    ]);
  });

  it('gets an error result for invalid arguments', async () => {
    await expect(Promise.resolve(tool('ev_get-sum').execute!({ a: 'one' }, toolContext()))).rejects.toSatisfy(
      (error: unknown) => McpToolError.isInstance(error) && error.toolName === 'get-sum' && /a|b/.test(error.message),
    );
  });
});

describe('server-everything over legacy HTTP+SSE (fallback)', () => {
  let server: HttpServerProcess;
  let tools: McpToolset;
  const requests: RecordedRequest[] = [];

  beforeAll(async () => {
    server = await startEverythingHttp('sse');
    tools = await getHttpTools(`${server.baseUrl}/sse`, { fetch: recordingFetch(requests) });
  });

  afterAll(async () => {
    await tools?.close();
    await server?.stop();
  });

  it('falls back to SSE after Streamable HTTP is rejected, then works normally', async () => {
    expect(requests[0]).toMatchObject({ method: 'POST', url: `${server.baseUrl}/sse` });
    expect(requests.some((request) => request.method === 'GET' && request.url === `${server.baseUrl}/sse`)).toBe(true);
    const echo = tools.find((t) => t.name === 'echo')!;
    await expect(echo.execute!({ message: 'legacy' }, toolContext())).resolves.toBe('Echo: legacy');
  });
});

describe('an HTTP server that dies mid-call', () => {
  it('fails the pending call with a connection error (well before its timeout), and the next call reconnects', async () => {
    const first = await startEverythingHttp('streamableHttp');
    let second: HttpServerProcess | undefined;
    try {
      await using tools = await getHttpTools(`${first.baseUrl}/mcp`, { timeoutMs: 30_000, onError: () => undefined });
      const long = tools.find((t) => t.name === 'trigger-long-running-operation')!;
      const started = gate();
      const pending = Promise.resolve(long.execute!({ duration: 20, steps: 200 }, toolContext({ onProgress: () => started.open() })));
      await started.promise; // the first progress notification: the call is running on the server
      await first.stop();
      const error: unknown = await pending.then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(McpConnectionError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/went away during tools\/call trigger-long-running-operation: the HTTP connection failed .*The next call reconnects\./);

      second = await startEverythingHttp('streamableHttp', Number(new URL(first.baseUrl).port));
      const echo = tools.find((t) => t.name === 'echo')!;
      await expect(Promise.resolve(echo.execute!({ message: 'again' }, toolContext()))).resolves.toBe('Echo: again');
    } finally {
      await second?.stop();
    }
  });
});

describe('an HTTP server restarted between calls', () => {
  it('starts a new session on the next call (the old one is rejected) and succeeds', async () => {
    const first = await startEverythingHttp('streamableHttp');
    let second: HttpServerProcess | undefined;
    try {
      await using tools = await getHttpTools(`${first.baseUrl}/mcp`, { onError: () => undefined });
      const echo = tools.find((t) => t.name === 'echo')!;
      await expect(Promise.resolve(echo.execute!({ message: 'before' }, toolContext()))).resolves.toBe('Echo: before');
      await first.stop();
      second = await startEverythingHttp('streamableHttp', Number(new URL(first.baseUrl).port));
      await expect(Promise.resolve(echo.execute!({ message: 'after' }, toolContext()))).resolves.toBe('Echo: after');
    } finally {
      await second?.stop();
    }
  });
});
