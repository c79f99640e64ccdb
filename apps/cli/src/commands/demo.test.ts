// `tandem demo` offline: it completes, and its timeline shows two tools running at the same time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSI, assertBuilt, cleanEnv, runCli } from '../__fixtures__/cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-demo-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tandem demo', () => {
  it('runs offline to the end: a concurrent group, a streaming tool, an MCP tool and the stop tool', async () => {
    // No keys, and even with a key set the demo keeps to the offline demo model.
    let cliPid: number | undefined;
    const result = await runCli(['demo'], {
      cwd: dir,
      env: cleanEnv({ OPENAI_API_KEY: 'sk-not-used', HTTPS_PROXY: 'http://127.0.0.1:9' }),
      onSpawn: (child) => (cliPid = child.pid),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).not.toMatch(ANSI);
    expect(out).toContain('Model: demo:offline — the offline demo model: fixed rules, not an LLM.');

    // 1. The timeline: each tool's real start and end; the two overlap.
    const times = new Map([...out.matchAll(/^ {4}(\w+) +start +(\d+) ms +end +(\d+) ms/gm)].map((match) => [match[1], { start: Number(match[2]), end: Number(match[3]) }]));
    const weather = times.get('weather');
    const flights = times.get('flights');
    expect(weather).toBeDefined();
    expect(flights).toBeDefined();
    expect(weather!.end - weather!.start).toBeGreaterThanOrEqual(590);
    expect(flights!.end - flights!.start).toBeGreaterThanOrEqual(390);
    expect(weather!.start).toBeLessThan(flights!.end);
    expect(flights!.start).toBeLessThan(weather!.end);

    // 2. The streaming tool's partial results, then its result.
    expect(out).toMatch(/… research: read the docs \(1\/4\)[\s\S]*… research: read the issue tracker \(4\/4\)[\s\S]*■ research ended/);
    // 3. The MCP tool ran in another process.
    const served = /servedBy":"MCP server process (\d+)"/.exec(out);
    expect(Number(served?.[1])).toBeGreaterThan(0);
    expect(Number(served?.[1])).not.toBe(cliPid);
    expect(out).toContain('"converted":1392');
    // 4. The stop tool ended the run after its group, without another model call.
    expect(out).toMatch(/■ weather ended[\s\S]*stopReason endTurn · 1 model call — the stop tool ended the run/);
    expect(out).toMatch(/Demo done in/);
  });
});
