// What the served HTTP endpoint refuses: foreign Host/Origin (DNS rebinding), oversized bodies, too many
// sessions — and how sessions expire.
import { Agent as HttpAgent } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionTool } from '@tandem/core';
import { INITIALIZE, MCP_HEADERS, rawRequest } from './__fixtures__/raw-http.js';
import { servedTools } from './__fixtures__/served-tools.js';
import { gate, toolContext } from './__fixtures__/servers.js';
import { getHttpTools } from './get-http-tools.js';
import { serveTools } from './serve-tools.js';

const initialize = (url: URL, headers: Record<string, string> = {}) => rawRequest(url, { headers: { ...MCP_HEADERS, ...headers }, body: INITIALIZE });

describe('Host and Origin checks (DNS rebinding)', () => {
  it('serves the loopback names on the bound port, with or without a same-origin Origin', async () => {
    await using served = await serveTools(servedTools, { transport: { port: 0 } });
    const port = served.url!.port;
    const variants: Record<string, string>[] = [{}, { host: `localhost:${port}` }, { host: `localhost:${port}`, origin: `http://localhost:${port}` }, { origin: `http://127.0.0.1:${port}` }];
    for (const headers of variants) {
      expect((await initialize(served.url!, headers)).status).toBe(200);
    }
  });

  it('answers 403 to a foreign Host (a rebound domain) or a foreign Origin (another web page)', async () => {
    await using served = await serveTools(servedTools, { transport: { port: 0 } });
    const port = served.url!.port;
    const rebound = await initialize(served.url!, { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text).error.message).toBe(
      `Forbidden: Host "attacker.example:${port}" is not allowed. Connect through localhost:${port}, or add the name to allowedHosts.`,
    );
    expect((await initialize(served.url!, { host: `localhost:${Number(port) + 1}` })).status).toBe(403);
    const page = await initialize(served.url!, { origin: 'https://attacker.example' });
    expect(page.status).toBe(403);
    expect(JSON.parse(page.text).error.message).toMatch(/Origin "https:\/\/attacker\.example" is not allowed\. Add it to allowedOrigins/);
    expect((await initialize(served.url!, { origin: 'null' })).status).toBe(403);
  });

  it('accepts what allowedHosts and allowedOrigins add', async () => {
    await using served = await serveTools(servedTools, {
      transport: { port: 0, allowedHosts: ['mcp.internal', `proxy.example:8443`], allowedOrigins: ['https://app.example.com/'] },
    });
    expect((await initialize(served.url!, { host: 'mcp.internal:1234' })).status).toBe(200);
    expect((await initialize(served.url!, { host: 'proxy.example:8443' })).status).toBe(200);
    expect((await initialize(served.url!, { host: 'proxy.example:8444' })).status).toBe(403);
    expect((await initialize(served.url!, { origin: 'https://app.example.com' })).status).toBe(200);
    expect((await initialize(served.url!, { origin: 'https://other.example.com' })).status).toBe(403);
  });
});

describe('request body size', () => {
  it('answers 413 to a 5 MB initialize body and closes that connection cleanly; the next request on the same agent works', async () => {
    await using served = await serveTools(servedTools, { transport: { port: 0 } });
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    try {
      const huge = JSON.stringify({ ...JSON.parse(INITIALIZE), padding: 'x'.repeat(5 * 1000 * 1000) });
      for (const chunked of [false, true]) {
        const tooLarge = await rawRequest(served.url!, { headers: MCP_HEADERS, body: huge, agent, chunked });
        expect(tooLarge.status).toBe(413);
        expect(tooLarge.headers.connection).toBe('close');
        expect(JSON.parse(tooLarge.text).error.message).toBe('Payload too large: the request body exceeds 4194304 bytes (maxBodyBytes).');
        expect((await rawRequest(served.url!, { headers: MCP_HEADERS, body: INITIALIZE, agent })).status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it('takes maxBodyBytes, and still answers 400 to a body that is not JSON', async () => {
    await using served = await serveTools(servedTools, { transport: { port: 0, maxBodyBytes: 1000 } });
    expect((await rawRequest(served.url!, { headers: MCP_HEADERS, body: 'x'.repeat(1001) })).status).toBe(413);
    const invalid = await rawRequest(served.url!, { headers: MCP_HEADERS, body: '{"jsonrpc":' });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text).error.message).toMatch(/^The request body is not valid JSON/);
    await using tools = await getHttpTools(served.url!);
    await expect(Promise.resolve(tools[0]!.execute!({ name: 'Ada' }, toolContext()))).resolves.toBe('Hello, Ada!');
  });
});

describe('sessions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses an initialize beyond maxSessions with 503, and makes room when a session ends', async () => {
    await using served = await serveTools(servedTools, { transport: { port: 0, maxSessions: 2 } });
    const first = await getHttpTools(served.url!);
    await using second = await getHttpTools(served.url!);
    const refused = await initialize(served.url!);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text).error.message).toBe('Too many open sessions (maxSessions 2); end unused sessions (DELETE) or retry later.');
    await first.close(); // DELETE ends its session
    expect((await initialize(served.url!)).status).toBe(200);
    expect(second.length).toBeGreaterThan(0);
  });

  it('ends a session idle for sessionIdleTimeoutMs, but never while a call is running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const running = gate();
    const release = gate();
    const slow: FunctionTool = {
      kind: 'function',
      name: 'slow',
      description: 'Waits for the test.', inputSchema: { type: 'object', properties: {} },
      execute: async () => {
        running.open();
        await release.promise;
        return 'finished';
      },
    };
    await using served = await serveTools([slow], { transport: { port: 0, sessionIdleTimeoutMs: 60_000 } });
    const opened = await initialize(served.url!);
    const session = opened.headers['mcp-session-id'] as string;
    const inSession = (body: object) =>
      rawRequest(served.url!, { headers: { ...MCP_HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify(body) });
    expect((await inSession({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);

    const call = inSession({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: {} } });
    await running.promise;
    vi.advanceTimersByTime(120_000); // twice the idle timeout, while the call runs: the session stays
    release.open();
    expect((await call).text).toContain('finished');

    vi.advanceTimersByTime(59_000);
    expect((await inSession({ jsonrpc: '2.0', id: 3, method: 'tools/list' })).status).toBe(200);
    vi.advanceTimersByTime(60_000); // now idle for the whole timeout
    const expired = await inSession({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
    expect(expired.status).toBe(404);
    expect(JSON.parse(expired.text).error.message).toBe('Unknown or expired session; initialize a new one.');
  });
});
