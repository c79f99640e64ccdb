import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError, type BidiConnection } from '@tandem/core/spec';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { createOpenAI } from '../openai-provider.js';
import { createRealtimeClientSecret } from './create-realtime-client-secret.js';
import { RealtimeTestServer } from './realtime-test-server.test-helper.js';

const SECRET = 'ek_browser_SECRET_1234';

/** The subprotocols a client offered (browsers join them with ", ", `ws` with ","). */
function protocols(request: IncomingMessage): string[] {
  return String(request.headers['sec-websocket-protocol']).split(/,\s*/);
}

// The browser path: openai.realtime(id, { clientSecret }) opens the runtime's own WebSocket (here `ws`'s
// WHATWG-style class standing in for the browser's, which Node 20 lacks) with the subprotocols OpenAI documents.
describe('openai.realtime() with a client secret (the browser path)', () => {
  let server: RealtimeTestServer;
  let connection: BidiConnection | undefined;
  beforeEach(async () => {
    server = await RealtimeTestServer.start();
    vi.stubGlobal('WebSocket', NodeWebSocket);
  });
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
    vi.unstubAllGlobals();
    await server.close();
  });

  it('authenticates with the realtime and openai-insecure-api-key.<secret> subprotocols, sends no API key, and runs the session', async () => {
    // No apiKey and no OPENAI_API_KEY needed: a page never has one.
    vi.stubEnv('OPENAI_API_KEY', '');
    const model = createOpenAI({ baseURL: `${server.url}/v1` }).realtime('gpt-realtime', { clientSecret: SECRET });
    connection = await model.connect({ tools: [], messages: [], system: 'Be brief.' });
    const open = await server.nextConnection();
    expect(protocols(open.request)).toEqual(['realtime', `openai-insecure-api-key.${SECRET}`]);
    expect(open.request.headers.authorization).toBeUndefined();
    expect(open.request.url).toBe('/v1/realtime?model=gpt-realtime');
    expect(open.received[0]).toMatchObject({ type: 'session.update', session: { instructions: 'Be brief.' } });
    await connection.send({ type: 'text', text: 'hello' });
    await open.waitUntil((received) => received.some((event) => event.type === 'response.create'));
    expect(open.received.map((event) => event.type)).toContain('conversation.item.create');
    vi.unstubAllEnvs();
  });

  it('asks a clientSecret function for a fresh secret on every connection', async () => {
    const mint = vi.fn(async () => `${SECRET}_${String(mint.mock.calls.length)}`);
    const model = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-server-only' }).realtime('gpt-realtime', { clientSecret: mint });
    const first = await model.connect({ tools: [], messages: [] });
    await first.close();
    connection = await model.connect({ tools: [], messages: [] });
    expect(mint).toHaveBeenCalledTimes(2);
    expect(server.connections.map((c) => protocols(c.request))).toEqual([
      ['realtime', `openai-insecure-api-key.${SECRET}_1`],
      ['realtime', `openai-insecure-api-key.${SECRET}_2`],
    ]);
    expect(server.connections.every((c) => c.request.headers.authorization === undefined)).toBe(true);
  });

  it('a refused upgrade is a retryable APICallError that tells to mint a new secret, and never shows the secret', async () => {
    server.reject(401, '{"error":{"message":"expired"}}');
    const model = createOpenAI({ baseURL: `${server.url}/v1` }).realtime('gpt-realtime', { clientSecret: SECRET });
    const error = await model.connect({ tools: [], messages: [] }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).isRetryable).toBe(true);
    expect((error as Error).message).toMatch(/mint a new one/);
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('an empty secret is a TypeError naming createRealtimeClientSecret()', async () => {
    const model = createOpenAI({ baseURL: `${server.url}/v1` }).realtime('gpt-realtime', { clientSecret: () => '' });
    await expect(model.connect({ tools: [], messages: [] })).rejects.toThrow(/createRealtimeClientSecret/);
  });
});

describe('createRealtimeClientSecret()', () => {
  let http: Server;
  let url: string;
  const seen: { request: IncomingMessage; body: unknown }[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '' };
  beforeEach(async () => {
    seen.length = 0;
    http = createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        seen.push({ request, body: JSON.parse(text) as unknown });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((http.address() as AddressInfo).port)}/v1`;
  });
  afterEach(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  it('POSTs {baseURL}/realtime/client_secrets with the server key and returns value and expiresAt', async () => {
    answer = { status: 200, body: JSON.stringify({ value: SECRET, expires_at: 1767225600, session: { type: 'realtime', model: 'gpt-realtime' } }) };
    const secret = await createRealtimeClientSecret({ model: 'gpt-realtime', apiKey: 'sk-server-KEY', baseURL: url, expiresAfterSeconds: 120, session: { instructions: 'Hi' } });
    expect(secret).toEqual({ value: SECRET, expiresAt: 1767225600 });
    expect(seen[0]?.request.url).toBe('/v1/realtime/client_secrets');
    expect(seen[0]?.request.method).toBe('POST');
    expect(seen[0]?.request.headers.authorization).toBe('Bearer sk-server-KEY');
    expect(seen[0]?.body).toEqual({ expires_after: { anchor: 'created_at', seconds: 120 }, session: { instructions: 'Hi', type: 'realtime', model: 'gpt-realtime' } });
  });

  it('an HTTP error is an APICallError with the status, and the key never appears in it', async () => {
    answer = { status: 401, body: JSON.stringify({ error: { message: 'Incorrect API key provided: sk-server-KEY' } }) };
    const error = await createRealtimeClientSecret({ model: 'gpt-realtime', apiKey: 'sk-server-KEY', baseURL: url }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(401);
    expect((error as APICallError).isRetryable).toBe(false);
    expect(JSON.stringify({ message: (error as Error).message, body: (error as APICallError).responseBody })).not.toContain('sk-server-KEY');
  });

  it('refuses an expiry outside 10..7200 seconds before calling OpenAI', async () => {
    await expect(createRealtimeClientSecret({ model: 'gpt-realtime', apiKey: 'k', baseURL: url, expiresAfterSeconds: 5 })).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(0);
  });
});
