import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleProgram } from './harness/bundle.js';
import { startLoopbackServers, type LoopbackServers } from './harness/loopback-servers.js';
import { runInChromium, runInWorkerd } from './harness/runtimes.js';

// The suite must catch what it exists for: a `node:` import added to core's main entry. A variant of the
// bundle whose @tandem/core gained `import … from 'node:fs'` has to fail in workerd (no nodejs_compat) and in
// the browser, the two runtimes without Node built-ins.
let servers: LoopbackServers;
let dir: string;
const bundles = { worker: '', browser: '' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tandem-runtimes-self-'));
  servers = await startLoopbackServers();
  bundles.worker = join(dir, 'worker-node-import.js');
  bundles.browser = join(dir, 'browser-node-import.js');
  await Promise.all([
    bundleProgram({ entry: 'worker', outfile: bundles.worker, injectNodeImportIntoCore: true }),
    bundleProgram({ entry: 'browser', outfile: bundles.browser, injectNodeImportIntoCore: true }),
  ]);
});

afterAll(async () => {
  await servers?.[Symbol.asyncDispose]();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe.concurrent('self-test: a node: import in core fails the suite', () => {
  it('fails in workerd', async () => {
    const runtimeDir = await mkdtemp(join(dir, 'workerd-'));
    await expect(runInWorkerd(bundles.worker, servers.direct, runtimeDir)).rejects.toThrow(/node:fs/);
  });

  it('fails in Chromium', async () => {
    const url = servers.serveBundle('node-import', bundles.browser);
    const outcome = await runInChromium(url, servers.page.origin, servers.page);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.error).toMatch(/node:fs/);
  });
});
