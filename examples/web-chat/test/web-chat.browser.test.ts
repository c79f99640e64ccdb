import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoModel } from '@tandem/cli/demo-model';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebChatServer, type WebChatServer } from '../server/web-chat-server.js';

// End to end in Debian's Chromium (never a downloaded browser): the built page with the real useChat, the
// example server with @tandem/ui, and the offline demo model. The tools wait on gates this test opens, so
// every state is observed on the page before the run moves on — no sleeps.

const CHROMIUM = '/usr/bin/chromium';
const WAIT = { timeout: 30_000, polling: 50 } as const;

interface Gate {
  readonly promise: Promise<void>;
  open(): void;
}
function gate(): Gate {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const gates = new Map<string, Gate>();
function gateFor(key: string): Gate {
  let found = gates.get(key);
  if (found === undefined) gates.set(key, (found = gate()));
  return found;
}

let scratch: string;
let server: WebChatServer;
let browser: Browser;
const deleted: string[] = [];

beforeAll(async () => {
  await access(CHROMIUM, constants.X_OK).catch(() => {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium). The test never downloads a browser.`);
  });
  scratch = await mkdtemp(path.join(tmpdir(), 'web-chat-'));
  const webRoot = path.join(scratch, 'web');
  await build({ configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), root: fileURLToPath(new URL('../web', import.meta.url)), build: { outDir: webRoot, emptyOutDir: true }, logLevel: 'error' });
  server = await startWebChatServer({
    webRoot,
    model: { model: demoModel({ wordDelayMs: 0 }), label: 'Offline demo model (test)' },
    tools: {
      // weather and the second research note wait for the test; everything else answers at once.
      wait: (tool, step, _ms, signal) => (tool === 'weather' || (tool === 'research' && step === 1) ? abortable(gateFor(`${tool}:${step}`).promise, signal) : Promise.resolve()),
      onDelete: (title) => deleted.push(title),
    },
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

function abortable(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    void promise.then(resolve);
  });
}

async function say(page: Page, text: string): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('#send') as HTMLButtonElement | null)?.disabled === false, undefined, WAIT);
  await page.fill('#prompt', text);
  await page.press('#prompt', 'Enter');
}

/** Waits until `selector` (the last match) shows text containing `text`. */
async function waitForText(page: Page, selector: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([css, wanted]) => {
      const all = document.querySelectorAll(css as string);
      return (all[all.length - 1]?.textContent ?? '').includes(wanted as string);
    },
    [selector, text],
    WAIT,
  );
}

const tool = (name: string): string => `.message.assistant:last-child .tool[data-tool="${name}"]`;

describe('the web chat example in a real browser', () => {
  it('streams tool parts through their states side by side, shows partial results, resumes after a reload, runs a client-side tool, and resumes an approved call once', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.url);
    await waitForText(page, '#model', 'Offline demo model');
    expect(await page.textContent('#status')).toBe('ready');

    // Two concurrent tools in one group: research streams a partial result while weather still runs.
    await say(page, 'Use weather and research topic=whales please.');
    await waitForText(page, `${tool('research')} .partial`, 'Reading about whales.');
    expect(await page.textContent(`${tool('weather')} .state`)).toBe('running');
    expect(await page.textContent(`${tool('research')} .state`)).toBe('running');
    expect(await page.textContent(`${tool('research')} .args`)).toBe('{"topic":"whales"}');
    const group = await page.$$eval('.message.assistant:last-child .tool-group', (groups) => groups.map((element) => Array.from(element.querySelectorAll('.tool')).map((node) => node.getAttribute('data-tool'))));
    expect(group).toEqual([['weather', 'research']]);

    // Reload mid-run: the page comes back with the chat and follows the same run to its end.
    await page.reload();
    await waitForText(page, `${tool('research')} .partial`, 'Reading about whales.');
    expect(await page.textContent('.message.user')).toContain('Use weather and research topic=whales please.');
    gateFor('weather:0').open();
    await waitForText(page, `${tool('weather')} .state`, 'done');
    expect(await page.textContent(`${tool('weather')} .output`)).toBe('{"city":"Oslo","sky":"sunny","celsius":21}');
    expect(await page.textContent(`${tool('research')} .state`)).toBe('running');
    gateFor('research:1').open();
    await waitForText(page, `${tool('research')} .output`, 'Reading about whales. Found three sources. Summary written.');
    await waitForText(page, '#status', 'ready');
    expect(await page.$$eval('.message.assistant:last-child .step:last-child .text', (texts) => texts.length)).toBeGreaterThan(0);
    expect(await page.$$eval('.message.assistant', (messages) => messages.length)).toBe(1);

    // A client-side tool: the page answers it, and the run goes on with the answer.
    await say(page, 'Call browser_location to find me.');
    await waitForText(page, `${tool('browser_location')} .state`, 'done');
    expect(await page.textContent(`${tool('browser_location')} .output`)).toBe('{"city":"Oslo","source":"the browser"}');
    await waitForText(page, '#status', 'ready');
    await waitForText(page, '.message.assistant:last-child .step:last-child .text', 'Oslo');

    // A tool that needs approval: the run pauses, the page asks, and the answer resumes it — the tool runs once.
    await say(page, 'Please delete_note title=groceries now.');
    await waitForText(page, `${tool('delete_note')} .state`, 'waiting for approval');
    await waitForText(page, '#status', 'ready');
    expect(deleted).toEqual([]);
    await page.click(`${tool('delete_note')} .approve`);
    await waitForText(page, `${tool('delete_note')} .state`, 'done');
    expect(await page.textContent(`${tool('delete_note')} .output`)).toBe('Deleted the note "groceries".');
    await waitForText(page, '#status', 'ready');
    expect(deleted).toEqual(['groceries']);

    // Denied: the part says so and the tool never runs.
    await say(page, 'Please delete_note title=recipes too.');
    await waitForText(page, `${tool('delete_note')} .state`, 'waiting for approval');
    await page.click(`${tool('delete_note')} .deny`);
    await waitForText(page, `${tool('delete_note')} .state`, 'denied');
    await waitForText(page, '#status', 'ready');
    expect(deleted).toEqual(['groceries']);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
