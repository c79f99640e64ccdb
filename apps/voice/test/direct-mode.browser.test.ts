import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildWeb } from '../web/build.mjs';
import { DemoVoiceModel } from '../server/demo/demo-voice-model.js';
import { toneSynthesizer } from '../server/speech/tone-synthesizer.js';
import { ToolActivity } from '../server/tools/tool-activity.js';
import { voiceTools } from '../server/tools/voice-tools.js';
import { startVoiceServer, type VoiceServer } from '../server/voice-server.js';
import type {} from '../web/src/test-hooks.js'; // window.__voice

// Direct mode end to end in Debian's Chromium: the page runs the BidiAgent itself and opens its own WebSocket to
// a loopback stand-in for OpenAI Realtime, with a client secret the voice server minted; no key reaches the page.

const CHROMIUM = '/usr/bin/chromium';
const WAIT = { timeout: 30_000, polling: 50 } as const;

/** The loopback Realtime endpoint: acknowledges the session and records what the page sent. */
interface FakeRealtime {
  readonly baseURL: string;
  readonly upgrades: IncomingMessage[];
  readonly received: { type: string; [key: string]: unknown }[];
  waitFor(predicate: () => boolean): Promise<void>;
  close(): Promise<void>;
}

async function fakeRealtime(): Promise<FakeRealtime> {
  const http: Server = createServer();
  const wss = new WebSocketServer({ noServer: true }); // selects the first offered subprotocol, `realtime`
  const upgrades: IncomingMessage[] = [];
  const received: FakeRealtime['received'] = [];
  const waiters: (() => void)[] = [];
  const check = (): void => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  http.on('upgrade', (request, socket, head) => {
    upgrades.push(request);
    wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as FakeRealtime['received'][number];
        received.push(event);
        if (event.type === 'session.update') ws.send(JSON.stringify({ type: 'session.updated', event_id: 'event_ack', session: event.session }));
        check();
      });
      check();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${String((http.address() as AddressInfo).port)}/v1`,
    upgrades,
    received,
    async waitFor(predicate) {
      while (!predicate()) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

let scratch: string;
let server: VoiceServer;
let realtime: FakeRealtime;
let browser: Browser;
let minted = 0;

beforeAll(async () => {
  await access(CHROMIUM, constants.X_OK).catch(() => {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (bash scripts/ensure-system-deps.sh). The test never downloads a browser.`);
  });
  scratch = await mkdtemp(path.join(tmpdir(), 'voice-direct-'));
  const webRoot = await buildWeb(path.join(scratch, 'web'));
  realtime = await fakeRealtime();
  const model = new DemoVoiceModel({ synthesizer: toneSynthesizer() });
  server = await startVoiceServer({
    port: 0,
    webRoot,
    model: { model, id: 'openai:gpt-realtime', label: 'OpenAI Realtime (loopback)', offlineDemo: false, reason: 'test' },
    direct: { modelId: 'gpt-realtime', baseURL: realtime.baseURL, mint: async () => `ek_direct_${String(++minted)}` },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await realtime?.close();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

describe('the voice app in direct mode', () => {
  it('connects the page itself to the Realtime endpoint with a minted client secret, and sends typed turns there', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.url);
    await page.waitForSelector('#notice:has-text("Direct mode")', { timeout: WAIT.timeout });
    await page.click('#connect');
    await page.waitForFunction(() => window.__voice?.connection === 'connected', null, WAIT);

    expect(minted).toBe(1);
    const upgrade = realtime.upgrades[0];
    expect(upgrade?.url).toBe('/v1/realtime?model=gpt-realtime');
    expect(String(upgrade?.headers['sec-websocket-protocol']).split(/,\s*/)).toEqual(['realtime', 'openai-insecure-api-key.ek_direct_1']);
    expect(upgrade?.headers.authorization).toBeUndefined();
    expect(upgrade?.headers.origin).toBe(server.url.slice(0, -1));
    const update = realtime.received.find((event) => event.type === 'session.update') as { session: { tools: { name: string }[] } } | undefined;
    // The page's agent offers the app's own tools (the same list the server's agent uses), and, as the server's
    // agent does, asks for approvals out loud: the model answers them with answer_approval.
    expect(update?.session.tools.map((tool) => tool.name).sort()).toEqual([...voiceTools(new ToolActivity()).map((tool) => tool.name), 'answer_approval'].sort());
    expect(await page.textContent('#model')).toContain('OpenAI Realtime (loopback)');

    await page.fill('#text', 'What time is it?');
    await page.press('#text', 'Enter');
    await realtime.waitFor(() => realtime.received.some((event) => JSON.stringify(event).includes('What time is it?')));
    expect(server.stats().sessionsStarted).toBe(0); // the server held no conversation
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
