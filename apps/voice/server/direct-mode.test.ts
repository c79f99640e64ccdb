import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../web/build.mjs';
import { DemoVoiceModel } from './demo/demo-voice-model.js';
import { directModeFromEnv } from './direct-mode.js';
import type { VoiceModelChoice } from './model/choose-voice-model.js';
import { toneSynthesizer } from './speech/tone-synthesizer.js';
import { VoiceConfigError } from './voice-config-error.js';
import { startVoiceServer, type VoiceServer } from './voice-server.js';

let webRoot: string;
const servers: VoiceServer[] = [];
const model = new DemoVoiceModel({ synthesizer: toneSynthesizer(), pacing: { leadMs: 600_000 } });
const openaiChoice: VoiceModelChoice = { model, id: 'openai:gpt-realtime', label: 'OpenAI Realtime (test)', offlineDemo: false, reason: 'test' };

beforeAll(async () => {
  webRoot = await buildWeb(await mkdtemp(path.join(tmpdir(), 'voice-web-direct-')));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

async function startDirect(mint: () => Promise<string>): Promise<VoiceServer> {
  const server = await startVoiceServer({
    port: 0,
    webRoot,
    model: openaiChoice,
    system: 'Be brief.',
    direct: { modelId: 'gpt-realtime', baseURL: 'https://api.openai.com/v1', mint },
  });
  servers.push(server);
  return server;
}

describe('direct mode: the page talks to OpenAI, the server mints client secrets', () => {
  it('tells the page at /healthz, without any key, and lets it connect to the Realtime origin (CSP)', async () => {
    const server = await startDirect(async () => 'ek_test');
    const response = await fetch(new URL('healthz', server.url));
    expect(await response.json()).toMatchObject({ mode: 'direct', direct: { modelId: 'gpt-realtime', baseURL: 'https://api.openai.com/v1', system: 'Be brief.' } });
    const page = await fetch(server.url);
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' wss://api.openai.com;");
  });

  it('mints a secret for the page of its own origin only (a page of another site gets 403)', async () => {
    let minted = 0;
    const server = await startDirect(async () => `ek_${String(++minted)}`);
    const url = new URL('realtime/client-secret', server.url);
    const own = await fetch(url, { method: 'POST', headers: { origin: server.url.slice(0, -1) } });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ value: 'ek_1' });
    const other = await fetch(url, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(403);
    const none = await fetch(url, { method: 'POST' }); // Node's fetch sends no Origin: like a script, not a page
    expect(none.status).toBe(403);
    expect(minted).toBe(1);
  });

  it('answers 502 with the reason when OpenAI refuses to mint', async () => {
    const server = await startDirect(async () => {
      throw new Error('HTTP 401');
    });
    const response = await fetch(new URL('realtime/client-secret', server.url), { method: 'POST', headers: { origin: server.url.slice(0, -1) } });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'OpenAI did not mint a client secret: HTTP 401' });
  });

  it('in server mode there is no client-secret route and the CSP allows only the server', async () => {
    const server = await startVoiceServer({ port: 0, webRoot, model: openaiChoice });
    servers.push(server);
    expect((await fetch(new URL('realtime/client-secret', server.url), { method: 'POST', headers: { origin: server.url.slice(0, -1) } })).status).toBe(405);
    expect((await fetch(server.url)).headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(await (await fetch(new URL('healthz', server.url))).json()).toMatchObject({ mode: 'server' });
  });
});

describe('directModeFromEnv', () => {
  let openai: Server;
  let seen: IncomingMessage[] = [];
  beforeAll(async () => {
    openai = createServer((request, response) => {
      seen.push(request);
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ value: 'ek_from_loopback', expires_at: 1767225600 }));
    });
    await new Promise<void>((resolve) => openai.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    openai.closeAllConnections();
    await new Promise<void>((resolve) => openai.close(() => resolve()));
  });

  it('is off unless VOICE_MODE=direct, and needs the OpenAI model and key', () => {
    expect(directModeFromEnv({}, openaiChoice)).toBeUndefined();
    expect(directModeFromEnv({ VOICE_MODE: 'server' }, openaiChoice)).toBeUndefined();
    expect(() => directModeFromEnv({ VOICE_MODE: 'direct' }, openaiChoice)).toThrow(VoiceConfigError);
    expect(() => directModeFromEnv({ VOICE_MODE: 'direct', OPENAI_API_KEY: 'sk-x' }, { ...openaiChoice, id: 'google:gemini-live' })).toThrow(/OpenAI Realtime model/);
    expect(() => directModeFromEnv({ VOICE_MODE: 'browser' }, openaiChoice)).toThrow(/use server .* or direct/);
  });

  it('mints with the server key through createRealtimeClientSecret()', async () => {
    seen = [];
    const baseURL = `http://127.0.0.1:${String((openai.address() as AddressInfo).port)}/v1`;
    const direct = directModeFromEnv({ VOICE_MODE: 'direct', OPENAI_API_KEY: 'sk-server-only', OPENAI_BASE_URL: baseURL }, openaiChoice);
    expect(direct).toMatchObject({ modelId: 'gpt-realtime', baseURL });
    expect(await direct?.mint()).toBe('ek_from_loopback');
    expect(seen[0]?.url).toBe('/v1/realtime/client_secrets');
    expect(seen[0]?.headers.authorization).toBe('Bearer sk-server-only');
  });
});
