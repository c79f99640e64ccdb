import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ProgramConfig } from '../program/program.js';
import { bunBinary, CHROMIUM, denoBinary, workerdBinary } from './binaries.js';
import { reportFrom, runProcess, type RuntimeReport } from './run-process.js';

/** Starting a runtime on a loaded 2-core machine can take long; the program itself takes well under a second. */
export const PROCESS_TIMEOUT_MS = 150_000;

/** A clean environment: no proxy settings or tokens of the parent, and each runtime's caches in `dir`. */
function childEnv(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: dir, TMPDIR: dir, NO_COLOR: '1', ...extra };
}

/** Deno 2: the bundle as is, with network access to loopback only and no environment access. */
export async function runInDeno(bundle: string, config: ProgramConfig, dir: string): Promise<RuntimeReport> {
  const outcome = await runProcess(denoBinary(), ['run', '--no-prompt', '--no-config', '--no-lock', '--allow-net=127.0.0.1', bundle, JSON.stringify(config)], {
    env: childEnv(dir, { DENO_DIR: join(dir, 'deno'), DENO_NO_UPDATE_CHECK: '1' }),
    timeoutMs: PROCESS_TIMEOUT_MS,
  });
  return reportFrom(outcome, 'Deno');
}

/** Bun 1: the bundle as is. */
export async function runInBun(bundle: string, config: ProgramConfig, dir: string): Promise<RuntimeReport> {
  const outcome = await runProcess(bunBinary(), ['run', '--no-install', bundle, JSON.stringify(config)], {
    env: childEnv(dir, { BUN_INSTALL_CACHE_DIR: join(dir, 'bun'), BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0', DO_NOT_TRACK: '1' }),
    timeoutMs: PROCESS_TIMEOUT_MS,
  });
  return reportFrom(outcome, 'Bun');
}

/** The workerd config: one ES-module worker WITHOUT nodejs_compat, whose outbound fetches may reach loopback. */
function workerdConfig(moduleFile: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "${moduleFile}")],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = [],
  globalOutbound = "loopback",
);
`;
}

/**
 * workerd: serves the worker bundle on an ephemeral port (reported on a control pipe, so no port is guessed
 * and nothing polls), then one request runs the program.
 */
export async function runInWorkerd(bundle: string, config: ProgramConfig, dir: string): Promise<RuntimeReport> {
  const configFile = join(dir, 'workerd.capnp');
  await copyFile(bundle, join(dir, 'worker.js')); // embed paths are relative to the config file
  await writeFile(configFile, workerdConfig('worker.js'));
  const controller = new AbortController();
  let report: Promise<RuntimeReport> | undefined;
  const outcome = await runProcess(workerdBinary(), ['serve', configFile, '--control-fd=3', '--verbose'], {
    env: childEnv(dir),
    cwd: dir,
    timeoutMs: PROCESS_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    signal: controller.signal,
    onSpawn(child) {
      const control = child.stdio[3] as Readable;
      let buffered = '';
      control.setEncoding('utf8').on('data', (text: string) => {
        buffered += text;
        for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          const event = JSON.parse(line) as { event?: string; socket?: string; port?: number };
          if (event.event === 'listen' && event.socket === 'http' && report === undefined) {
            const url = `http://127.0.0.1:${String(event.port)}/?config=${encodeURIComponent(JSON.stringify(config))}`;
            report = fetch(url, { signal: AbortSignal.timeout(PROCESS_TIMEOUT_MS) })
              .then(async (response) => (await response.json()) as RuntimeReport)
              .finally(() => controller.abort());
          }
        }
      });
    },
  });
  if (report === undefined) throw new Error(`workerd did not start (exit ${String(outcome.code)}).\nstderr:\n${outcome.stderr}\nstdout:\n${outcome.stdout}`);
  try {
    return await report;
  } catch (error) {
    throw new Error(`workerd answered no report: ${String(error)}\nstderr:\n${outcome.stderr}`, { cause: error });
  }
}

/** Runs in the page: imports the bundle and runs the program, reporting a failure instead of throwing. */
const IN_PAGE = `async (url, config) => {
  try {
    const module = await import(url);
    return { ok: true, report: await module.runTandemProgram(config) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.name + ': ' + error.message + '\\n' + (error.stack ?? '') : String(error) };
  }
}`;

/** Headless Chromium (Debian's, via playwright-core): the page imports the bundle and runs the program. */
export async function runInChromium(bundleUrl: string, pageOrigin: string, config: ProgramConfig): Promise<RuntimeReport> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'], timeout: PROCESS_TIMEOUT_MS });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${pageOrigin}/`, { timeout: PROCESS_TIMEOUT_MS });
    // A string, not a function: vitest would rewrite a function's import() into its own loader.
    const report: unknown = await page.evaluate(`(${IN_PAGE})(${JSON.stringify(bundleUrl)}, ${JSON.stringify(config)})`);
    const outcome = report as RuntimeReport;
    if (outcome.ok) return pageErrors.length > 0 ? { ok: false, error: pageErrors.join('\n') } : outcome;
    // A module that fails to load says why only on the console (e.g. which specifier did not resolve).
    return { ok: false, error: [outcome.error, ...pageErrors, ...consoleErrors].join('\n') };
  } finally {
    await browser.close();
  }
}
