// What stays unloaded: `tandem --help`, `tools` and `providers` never load the SQLite driver (sessions)
// nor the OpenTelemetry SDK; `run` loads the sessions but not the SDK unless --trace asks. Every module
// the process imports is recorded by a resolve hook preloaded with --import.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, fileLines, runCli } from './__fixtures__/cli.js';
import { startOtlpReceiver } from './__fixtures__/otlp-receiver.js';

const PROBE = fileURLToPath(new URL('./__fixtures__/module-probe.mjs', import.meta.url));
const SESSIONS = /better-sqlite3|@tandem\/sessions|packages\/sessions\//;
const OTEL_SDK = /@opentelemetry\/(sdk-trace-base|exporter-trace-otlp-http|resources)|packages\/otel\//;

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-lazy-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let probes = 0;
/** The module URLs a `tandem <args>` run imported. */
async function loaded(args: readonly string[], extra: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const out = join(dir, `probe-${String(++probes)}.txt`);
  const result = await runCli(args, { cwd: dir, env: cleanEnv({ NODE_OPTIONS: `--import ${PROBE}`, TANDEM_PROBE_OUT: out, ...extra }) });
  expect(result.code, result.stderr).toBe(0);
  return fileLines(out);
}

describe('lazy loading', () => {
  it.each([[['--help']], [['tools']], [['providers']], [['sessions', '--help']]])('tandem %j loads neither the SQLite driver nor the OpenTelemetry SDK', async (args) => {
    const modules = await loaded(args);
    expect(modules.some((url) => url.includes('commander'))).toBe(true); // the probe works
    expect(modules.filter((url) => SESSIONS.test(url))).toEqual([]);
    expect(modules.filter((url) => OTEL_SDK.test(url))).toEqual([]);
  });

  it('tandem run loads the sessions, and the OpenTelemetry SDK only with --trace', async () => {
    const plain = await loaded(['run', 'hi']);
    expect(plain.some((url) => SESSIONS.test(url))).toBe(true);
    expect(plain.filter((url) => OTEL_SDK.test(url))).toEqual([]);
    await using collector = await startOtlpReceiver();
    const traced = await loaded(['run', '--trace', 'hi'], { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint });
    expect(traced.some((url) => OTEL_SDK.test(url))).toBe(true);
  });
});
