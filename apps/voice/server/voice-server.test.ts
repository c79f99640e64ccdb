import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildWeb } from '../web/build.mjs';
import { TestClient } from './__fixtures__/ws-client.js';
import { DemoVoiceModel } from './demo/demo-voice-model.js';
import { toneSynthesizer } from './speech/tone-synthesizer.js';
import type { VoiceLimits } from './voice-server-options.js';
import { startVoiceServer, type VoiceServer } from './voice-server.js';

let webRoot: string;
const servers: VoiceServer[] = [];
const clients: TestClient[] = [];

beforeAll(async () => {
  webRoot = await buildWeb(await mkdtemp(path.join(tmpdir(), 'voice-web-')));
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

async function start(limits: Partial<VoiceLimits> = {}): Promise<VoiceServer> {
  // All of a response's audio at once (a head start longer than any answer): no timers in these tests.
  const model = new DemoVoiceModel({ synthesizer: toneSynthesizer(), pacing: { leadMs: 600_000 } });
  const server = await startVoiceServer({ port: 0, webRoot, limits, model: { model, id: 'demo', label: 'Offline demo model (test)', offlineDemo: true, reason: 'test' } });
  servers.push(server);
  return server;
}

async function connect(server: VoiceServer, origin: string | undefined = server.url.slice(0, -1)): Promise<TestClient> {
  const client = await TestClient.open(server.url, origin);
  clients.push(client);
  await client.next((message) => message.type === 'connection-start');
  return client;
}

describe('the voice server', () => {
  it('serves the page with a strict content security policy, /healthz, and nothing else', async () => {
    const server = await start();
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(await page.text()).toContain('<script type="module" src="app.js"></script>');
    expect((await fetch(new URL('playback-processor.js', server.url))).status).toBe(200);
    expect(await (await fetch(new URL('healthz', server.url))).json()).toEqual({
      ok: true,
      sessions: 0,
      maxSessions: 4,
      model: { id: 'demo', label: 'Offline demo model (test)', offlineDemo: true },
      mode: 'server',
    });
    expect((await fetch(new URL('../package.json', new URL('x/', server.url)))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('refuses a WebSocket from another origin, or with none, with 403', async () => {
    const server = await start();
    expect(await TestClient.refusal(server.url, 'https://evil.example')).toBe(403);
    expect(await TestClient.refusal(server.url, `http://127.0.0.1:${String(server.port + 1)}`)).toBe(403);
    expect(await TestClient.refusal(server.url, undefined)).toBe(403);
    expect(server.stats().sessionsStarted).toBe(0);
  });

  it('greets the page with the model (labelled as the offline demo), its audio rates, tools and limits — never a key', async () => {
    const server = await start();
    const client = await connect(server, `http://localhost:${String(server.port)}`);
    const [hello, format] = client.messages;
    expect(hello).toEqual({
      type: 'hello',
      model: { id: 'demo', label: 'Offline demo model (test)', offlineDemo: true },
      inputSampleRate: 16_000,
      outputSampleRate: 24_000,
      tools: [
        { name: 'set_timer', description: expect.any(String) as string },
        { name: 'get_time', description: expect.any(String) as string },
        { name: 'research', description: expect.any(String) as string },
        { name: 'book_table', description: expect.any(String) as string },
        { name: 'end_conversation', description: expect.any(String) as string },
      ],
      limits: { maxFrameBytes: 65_536, maxMessagesPerSecond: 100 },
    });
    expect(format).toEqual({ type: 'audio-format', encoding: 'pcm16le', sampleRate: 24_000, channels: 1 });
    expect(server.stats().sessions).toBe(1);
  });

  it('answers a typed turn: the tool runs, its result is narrated as speech and text', async () => {
    const server = await start();
    const client = await connect(server);
    client.send({ type: 'text', text: 'what time is it? get_time' });
    const result = await client.next((message) => message.type === 'tool-call-result');
    expect(result).toMatchObject({ results: [{ toolName: 'get_time', status: 'success' }] });
    await client.next((message) => message.type === 'response-complete' && client.messages.filter((other) => other.type === 'response-complete').length === 2);
    const said = client.messages.filter((message) => message.type === 'transcript' && message.role === 'assistant').map((message) => String(message.delta));
    expect(said.join('')).toMatch(/^Calling get_time\.The tool returned:\n- get_time: It is /);
    expect(client.audioFrames).toBeGreaterThan(0);
    expect(client.messages.some((message) => message.type === 'audio-metrics')).toBe(true);
  });

  it('ends the conversation when the model calls end_conversation: the last event, then the socket closes', async () => {
    const server = await start();
    const client = await connect(server);
    client.send({ type: 'text', text: 'thanks, bye: end_conversation' });
    expect(await client.next((message) => message.type === 'connection-close')).toMatchObject({ reason: 'user-request' });
    expect((await client.closed).code).toBe(1000);
    await vi.waitFor(() => expect(server.stats()).toMatchObject({ sessions: 0, runningTools: 0 }), { timeout: 5_000 });
    expect(server.stats().recent[0]?.endReason).toBe('user-request');
  });

  it('refuses conversations past maxSessions with 503', async () => {
    const server = await start({ maxSessions: 1 });
    await connect(server);
    expect(await TestClient.refusal(server.url, server.url.slice(0, -1))).toBe(503);
  });

  it('closes a socket that sends an oversized frame (1009) and keeps serving the others', async () => {
    const server = await start({ maxFrameBytes: 4_096 });
    const good = await connect(server);
    const bad = await connect(server);
    bad.socket.send(new Uint8Array(4_097));
    expect((await bad.closed).code).toBe(1009);
    good.send({ type: 'text', text: 'get_time' });
    await good.next((message) => message.type === 'tool-call-result');
    await vi.waitFor(() => expect(server.stats()).toMatchObject({ sessions: 1, sessionsStarted: 2 }), { timeout: 5_000 });
    expect(server.stats().recent.map((session) => session.endReason)).toEqual([undefined, 'client-disconnect']);
  });

  it('disconnects a client that sends more messages than the rate allows (1008)', async () => {
    const server = await start({ maxMessagesPerSecond: 10 });
    const client = await connect(server);
    for (let i = 0; i < 40; i++) client.socket.send(new Uint8Array(640));
    const closed = await client.closed;
    expect(closed).toEqual({ code: 1008, reason: 'rate-limited' });
    expect(client.messages.find((message) => message.type === 'error')).toMatchObject({ code: 'rate-limited' });
    await vi.waitFor(() => expect(server.stats().sessions).toBe(0), { timeout: 5_000 });
  });

  it('leaves no running tools or conversations when a client disconnects mid-tool', async () => {
    const server = await start();
    const client = await connect(server);
    client.send({ type: 'text', text: 'set_timer seconds=600 and research topic=whales' });
    await client.next((message) => message.type === 'tool-start' && message.toolName === 'research');
    await client.next((message) => message.type === 'tool-start' && message.toolName === 'set_timer');
    expect(server.stats()).toMatchObject({ sessions: 1, runningTools: 2 });
    client.socket.terminate();
    await vi.waitFor(() => expect(server.stats()).toMatchObject({ sessions: 0, runningTools: 0, abortedTools: 2 }), { timeout: 5_000 });
    expect(server.stats().recent[0]?.endReason).toBe('client-disconnect');
    expect(await (await fetch(new URL('healthz', server.url))).json()).toMatchObject({ sessions: 0 });
  });

  it('tells pages it is going away (1001) when it shuts down, and ends their conversations', async () => {
    const server = await start();
    const client = await connect(server);
    client.send({ type: 'text', text: 'set_timer seconds=600' });
    await client.next((message) => message.type === 'tool-start');
    servers.splice(servers.indexOf(server), 1);
    await server.close();
    expect((await client.closed).code).toBe(1001);
    expect(server.stats()).toMatchObject({ sessions: 0, runningTools: 0, abortedTools: 1 });
  });

  it('does not wait forever for a page that never answers the close frame', async () => {
    const server = await start();
    const { hostname, port, host } = new URL(server.url);
    // A raw connection that upgrades, then never reads or answers anything: a stuck peer.
    const raw = connectTcp(Number(port), hostname);
    await once(raw, 'connect');
    const upgraded = once(raw, 'data');
    raw.write(
      `GET /ws HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.url.slice(0, -1)}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(String((await upgraded)[0])).toMatch(/^HTTP\/1\.1 101/);
    raw.pause();
    await vi.waitFor(() => expect(server.stats().sessions).toBe(1));
    servers.splice(servers.indexOf(server), 1);
    await server.close();
    expect(server.stats().sessions).toBe(0);
    raw.destroy();
  });
});
