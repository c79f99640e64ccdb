import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProgramPassed } from './expect-report.js';
import { bundleProgram } from './harness/bundle.js';
import { startLoopbackServers, type LoopbackServers } from './harness/loopback-servers.js';
import { runInBun, runInChromium, runInDeno, runInWorkerd } from './harness/runtimes.js';
import { runProgram } from './program/program.js';

// One program (program/program.ts) bundled with esbuild as a user would, run in each runtime against
// loopback servers of this Node process. The runtimes share no ports, so they run concurrently.
let servers: LoopbackServers;
let dir: string;
const bundles = { cli: '', worker: '', browser: '' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tandem-runtimes-'));
  servers = await startLoopbackServers();
  bundles.cli = join(dir, 'cli.mjs');
  bundles.worker = join(dir, 'worker.js');
  bundles.browser = join(dir, 'browser.js');
  await Promise.all([
    bundleProgram({ entry: 'cli', outfile: bundles.cli }),
    bundleProgram({ entry: 'worker', outfile: bundles.worker }),
    bundleProgram({ entry: 'browser', outfile: bundles.browser }),
  ]);
});

afterAll(async () => {
  await servers?.[Symbol.asyncDispose]();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe.concurrent('the same program in every runtime', () => {
  it('runs in Node (the reference)', async () => {
    expectProgramPassed({ ok: true, report: await runProgram(servers.direct) });
  });

  it('runs in Deno 2 (no --allow-env: nothing reads the environment unasked)', async () => {
    const runtimeDir = await mkdtemp(join(dir, 'deno-'));
    expectProgramPassed(await runInDeno(bundles.cli, servers.direct, runtimeDir));
  });

  it('runs in Bun 1', async () => {
    const runtimeDir = await mkdtemp(join(dir, 'bun-'));
    expectProgramPassed(await runInBun(bundles.cli, servers.direct, runtimeDir));
  });

  it('runs in workerd without nodejs_compat', async () => {
    const runtimeDir = await mkdtemp(join(dir, 'workerd-'));
    expectProgramPassed(await runInWorkerd(bundles.worker, servers.direct, runtimeDir));
  });

  it('runs in headless Chromium', async () => {
    const url = servers.serveBundle('program', bundles.browser);
    expectProgramPassed(await runInChromium(url, servers.page.origin, servers.page));
    // The JSON Schema validator came as a chunk of its own, fetched when the program's jsonSchema() tool needed it.
    expect(servers.hits.chunks.filter((path) => path.includes('json-schema-compile'))).toHaveLength(1);
    // So did the code that writes summaries, fetched when summarize() wrote the first one.
    expect(servers.hits.chunks.filter((path) => path.includes('write-summary'))).toHaveLength(1);
  });
});
