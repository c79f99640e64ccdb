import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../web/build.mjs';
import { DemoVoiceModel } from '../server/demo/demo-voice-model.js';
import { findSpeechSynthesizer } from '../server/speech/find-speech-synthesizer.js';
import { startVoiceServer, type VoiceServer } from '../server/voice-server.js';
import type { VoiceModelChoice } from '../server/model/choose-voice-model.js';
import type {} from '../web/src/test-hooks.js'; // window.__voice
import { writeFakeMicrophone } from './fake-microphone.js';

// End to end in Debian's Chromium (installed by scripts/ensure-system-deps.sh; never a downloaded browser),
// with a fake microphone playing a WAV file this test writes, against the real server and the offline demo model.

const CHROMIUM = '/usr/bin/chromium';
const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const WAIT = { timeout: 20_000, polling: 50 } as const;

let scratch: string;
let webRoot: string;
let microphone: string;
let choice: VoiceModelChoice & { model: DemoVoiceModel };
let server: VoiceServer;
let browser: Browser;

async function serve(port = 0): Promise<VoiceServer> {
  return startVoiceServer({ port, webRoot, model: choice });
}

beforeAll(async () => {
  await access(CHROMIUM, constants.X_OK).catch(() => {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (bash scripts/ensure-system-deps.sh). The test never downloads a browser.`);
  });
  scratch = await mkdtemp(path.join(tmpdir(), 'voice-browser-'));
  await mkdir(RESULTS, { recursive: true });
  [webRoot, microphone] = await Promise.all([buildWeb(path.join(scratch, 'web')), writeFakeMicrophone(path.join(scratch, 'microphone.wav'))]);
  const model = new DemoVoiceModel({ synthesizer: await findSpeechSynthesizer() });
  choice = { model, id: 'demo', label: `Offline demo model (rule-based, speech by ${model.speech})`, offlineDemo: true, reason: 'test' };
  server = await serve();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${microphone}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

async function say(page: Page, text: string): Promise<void> {
  await page.fill('#text', text);
  await page.press('#text', 'Enter');
}

describe('the voice app in a real browser', () => {
  it('talks and runs tools at the same time, survives barge-in, and reconnects', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await page.goto(server.url);
      expect(await page.textContent('#connection')).toBe('disconnected');

      // Connect: the page says so in words, and labels the offline demo model.
      await page.click('#connect');
      await page.waitForFunction(() => window.__voice?.connection === 'connected', null, WAIT);
      expect(await page.textContent('#connection')).toBe('connected');
      expect(await page.getAttribute('#model', 'data-offline-demo')).toBe('true');
      expect(await page.textContent('#model')).toMatch(/^Offline demo model/);
      expect(await page.evaluate(() => window.__voice?.audioContext?.state)).toBe('running');

      // A typed turn that names the timer starts it…
      await say(page, 'set_timer seconds=15');
      const timer = '.call[data-tool-name="set_timer"]';
      const research = '.call[data-tool-name="research"]';
      await page.waitForSelector(`${timer}[data-state="running"]`, WAIT);
      expect(await page.textContent(`${timer} .state`)).toBe('running');
      expect(await page.textContent(`${timer} .args`)).toBe('{"seconds":15}');

      // …and while it runs, a second typed turn is answered: its own group (the clock and the streaming
      // research tool) runs, partial results arrive, and it finishes first.
      await say(page, 'what time is it? get_time, and research topic=whales sources=2');
      await page.waitForSelector(`${research}[data-partials="1"]`, WAIT);
      expect(await page.textContent(`${research} .state`)).toBe('running');
      expect(await page.textContent(`${research} .args`)).toBe('{"topic":"whales","sources":2}');
      expect(await page.textContent(`${research} .partials`)).toBe('Read the offline encyclopedia on "whales" (1/2).');
      expect(await page.textContent('.call[data-tool-name="get_time"] .state')).toBe('done');
      await page.screenshot({ path: path.join(RESULTS, 'voice-app.png') });
      await page.waitForSelector(`${research}[data-state="done"]`, WAIT);
      expect(await page.textContent(`${research} .result`)).toBe('Research on "whales" is done: 2 offline sources read.');
      await page.waitForFunction(
        () => [...document.querySelectorAll('.entry[data-role="assistant"][data-final="true"] .text')].some((entry) => entry.textContent === 'Calling get_time and research at the same time, as one tool group.'),
        null,
        WAIT,
      );
      expect(await page.$$eval('.group', (groups) => groups.map((group) => group.getAttribute('data-state')))).toEqual(['done', 'running']);
      expect(await page.getAttribute(timer, 'data-state')).toBe('running');

      // The answer about the second group's results plays…
      await page.waitForFunction(
        () => {
          const playback = window.__voice?.playback;
          const entries = document.querySelectorAll('.entry[data-role="assistant"] .text');
          const last = entries[entries.length - 1]?.textContent ?? '';
          return last.startsWith('The tools returned') && playback?.played?.responseId === playback?.responseId && (playback?.played?.ms ?? 0) > 500 && (playback?.bufferedMs ?? 0) > 100;
        },
        null,
        WAIT,
      );
      const answer = await page.evaluate(() => window.__voice?.playback.responseId);
      const clearsBefore = (await page.evaluate(() => window.__voice?.playback.clears)) ?? 0;
      expect(await page.evaluate(() => window.__voice?.playback.framesIn)).toBeGreaterThan(10);
      expect(await page.textContent('#first-audio')).toMatch(/^\d+ ms after (turn|tool results)$/);

      // …when the user talks over it (the fake microphone's tone): playback is flushed at once, and the
      // timer keeps running through the barge-in.
      await page.click('#mic');
      await page.waitForFunction((clears) => (window.__voice?.playback.clears ?? 0) > clears && window.__voice?.playback.bufferedMs === 0, clearsBefore, WAIT);
      expect(await page.evaluate(() => window.__voice?.playback.lastClearDroppedMs)).toBeGreaterThan(0);
      expect(await page.getAttribute(timer, 'data-state')).toBe('running');
      const interrupted = await page.$$eval('.entry[data-role="assistant"]', (entries) => {
        const last = entries.at(-1);
        return { flag: last?.getAttribute('data-interrupted'), text: last?.querySelector('.text')?.textContent };
      });
      expect(interrupted.flag).toBe('true');
      expect(interrupted.text).toMatch(/^The tools returned/);

      // The microphone's audio reached the server: the level meter moved, the server counted it and heard speech.
      await page.waitForSelector('.entry[data-role="user"][data-final="true"]:not([data-source])', WAIT);
      expect(await page.textContent('.entry[data-role="user"]:not([data-source]) .text')).toMatch(/^\[you spoke for \d\.\d s\]$/);
      expect(await page.evaluate(() => window.__voice?.mic.maxLevel)).toBeGreaterThan(0.05);
      await page.click('#mic');
      expect(await page.evaluate(() => window.__voice?.mic.on)).toBe(false);
      const session = server.stats().recent[0];
      expect(session?.audioFrames).toBeGreaterThan(10);
      expect(session?.audioBytes).toBeGreaterThan(10 * 640);
      expect(session?.bargeIns).toBeGreaterThanOrEqual(1);

      // The played position reached the server, and the model's copy of the answer was cut there.
      expect(session?.playedReports).toBeGreaterThan(5);
      const truncation = choice.model.truncations.find((entry) => entry.responseId === answer);
      expect(truncation?.playedMs).toBeGreaterThan(500);

      // The timer then finishes.
      await page.waitForSelector(`${timer}[data-state="done"]`, WAIT);
      expect(await page.textContent(`${timer} .result`)).toBe('Your 15-second timer has finished.');
      expect(Number(await page.getAttribute(timer, 'data-duration-ms'))).toBeGreaterThanOrEqual(15_000);
      expect(await page.textContent('#tool-latency')).toMatch(/^set_timer 15\.\d s$/);
      await page.screenshot({ path: path.join(RESULTS, 'voice-app-after-barge-in.png') });

      // The server goes away: the page says so and reconnects (with backoff) when it is back.
      const port = server.port;
      await server.close();
      await page.waitForFunction(() => window.__voice?.connection === 'reconnecting', null, WAIT);
      expect(await page.textContent('#notice')).toMatch(/^The server went away \(it is shutting down\)\. Reconnecting in \d\.\d s…$/);
      server = await serve(port);
      await page.waitForFunction(() => window.__voice?.connection === 'connected', null, WAIT);
      expect(await page.isHidden('#notice')).toBe(true);

      await page.click('#connect');
      await page.waitForFunction(() => window.__voice?.connection === 'disconnected', null, WAIT);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: path.join(RESULTS, 'voice-app-failure.png') }).catch(() => undefined);
      throw error;
    } finally {
      await page.close();
    }
  }, 120_000);

  it('asks for approval out loud and in the panel, shows speech before its words, and says why the conversation ended', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await page.goto(server.url);
      await page.click('#connect');
      await page.waitForFunction(() => window.__voice?.connection === 'connected', null, WAIT);

      // A booking needs approval: the panel says so with buttons, and the model asks out loud.
      await say(page, 'book_table time=19:30');
      const first = '.call[data-tool-name="book_table"]';
      await page.waitForSelector(`${first}[data-state="approval"]`, WAIT);
      expect(await page.textContent(`${first} .state`)).toBe('waiting for approval');
      expect(await page.$$eval(`${first} .approval button`, (buttons) => buttons.map((button) => button.textContent))).toEqual(['Approve', 'Deny']);
      await page.waitForFunction(() => {
        const entries = document.querySelectorAll('.entry[data-role="assistant"] .text');
        return entries[entries.length - 1]?.textContent === 'Shall I go ahead with book_table? Say yes or no, or use the buttons.';
      }, null, WAIT);
      await page.waitForFunction((selector) => /^waiting \d+\.\d s$/.test(document.querySelector(`${selector} .duration`)?.textContent ?? ''), first, WAIT);

      // The user answers by voice (typed here: the demo model does not understand speech): the spoken answer
      // and its words replace the buttons, and the tool runs once.
      await say(page, 'yes');
      await page.waitForSelector(`${first}[data-approval="approved"]`, WAIT);
      expect(await page.textContent(`${first} .approval`)).toBe('approved by voice: “yes”');
      await page.waitForSelector(`${first}[data-state="done"]`, WAIT);
      expect(await page.textContent(`${first} .result`)).toBe('Booked a table for 2 at 19:30.');
      expect(Number(await page.getAttribute(first, 'data-waited-ms'))).toBeGreaterThan(0);
      expect(await page.textContent(`${first} .duration`)).toMatch(/^\d+\.\d s \(waited \d+\.\d s\)$/);

      // A second booking is denied with the panel's button: the call ends as an error and never runs.
      await say(page, 'book_table time=20:00 people=4');
      const second = '.group:first-child .call[data-tool-name="book_table"]';
      await page.waitForSelector(`${second}[data-state="approval"]`, WAIT);
      await page.click(`${second} .approval button.deny`);
      expect(await page.textContent(`${second} .approval`)).toBe('denied in the page');
      await page.waitForSelector(`${second}[data-state="error"]`, WAIT);
      expect(await page.textContent(`${second} .result`)).toContain('denied');
      expect(await page.$$eval('.call[data-tool-name="book_table"][data-state="done"]', (calls) => calls.length)).toBe(1);

      // Speech the page heard shows at once as "(spoke 1.4 s)"; the user's transcript, when it comes, fills that entry.
      await page.evaluate(() => window.__voice?.speechEnded(1_400));
      const pending = '.entry[data-role="user"][data-pending="true"]';
      expect(await page.textContent(`${pending} .text`)).toBe('(spoke 1.4 s)');
      await page.click('#mic');
      await page.waitForSelector('.entry[data-role="user"][data-final="true"]:not([data-source]):not([data-pending])', WAIT);
      expect(await page.$$(pending)).toHaveLength(0);
      expect(await page.$$eval('.entry[data-role="user"]:not([data-source]) .text', (entries) => entries.map((entry) => entry.textContent))).toEqual([
        expect.stringMatching(/^\[you spoke for \d\.\d s\]$/),
      ]);
      await page.click('#mic');

      // "end_conversation" ends it; the page says why in words.
      await say(page, 'end_conversation');
      await page.waitForFunction(() => document.querySelector('#notice')?.textContent === 'The conversation was ended on request (end_conversation, or the server stopped it). Connect to start a new one.', null, WAIT);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: path.join(RESULTS, 'voice-app-approvals-failure.png') }).catch(() => undefined);
      throw error;
    } finally {
      await page.close();
    }
  }, 180_000);
});
