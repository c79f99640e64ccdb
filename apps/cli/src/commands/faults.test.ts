// The probe's faults, each run on the built CLI: a stubborn MCP server outliving two Ctrl-C, a tool module
// that never finishes loading, an mcpServers timeoutMs that did not bound the handshake.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, runCli, waitFor } from '../__fixtures__/cli.js';

const STUBBORN = fileURLToPath(new URL('../__fixtures__/stubborn-mcp-server.mjs', import.meta.url));
const SILENT = fileURLToPath(new URL('../__fixtures__/silent-mcp-server.mjs', import.meta.url));
const NEVER_LOADS = fileURLToPath(new URL('../__fixtures__/never-loads.mjs', import.meta.url));

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-faults-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** True while the process exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(' ')[2]?.startsWith('Z');
  } catch {
    return false;
  }
}

describe('faults', () => {
  it('two Ctrl-C while a stubborn MCP server’s tool runs: tandem exits 130 and the server is killed, not left running', async () => {
    const pidFile = join(dir, 'stubborn.pid');
    let serverPid: number | undefined;
    const result = await runCli(['run', '--mcp', `"${process.execPath}" "${STUBBORN}" "${pidFile}"`, 'hang_forever'], {
      cwd: dir,
      onSpawn: (child) => {
        void (async () => {
          await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').includes('called'), 'the stubborn tool to run');
          serverPid = Number(readFileSync(pidFile, 'utf8').split(' ')[0]);
          child.kill('SIGINT');
          // The second Ctrl-C once the first has begun the shutdown (the server ignores the SIGTERM it gets).
          await waitFor(() => readFileSync(pidFile, 'utf8').includes('sigterm-ignored') || child.exitCode !== null, 'the first Ctrl-C to reach the server');
          child.kill('SIGINT');
        })();
      },
    });
    expect({ code: result.code, signal: result.signal, stderr: result.stderr }).toMatchObject({ code: 130 });
    expect(serverPid).toBeGreaterThan(0);
    await waitFor(() => !alive(serverPid as number), 'the MCP server process to be gone', 10_000);
  });

  it('a --tools module whose top-level await never settles: exit 4 with a message after the start-up timeout', async () => {
    const result = await runCli(['run', '--tools', NEVER_LOADS, 'hello'], { cwd: dir, env: cleanEnv({ TANDEM_STARTUP_TIMEOUT_MS: '300' }) });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/Tool module .*never-loads\.mjs did not finish loading within 300 ms \(a top-level await that never settles\?\)\. Set TANDEM_STARTUP_TIMEOUT_MS to wait longer\./);
    expect(result.stdout).toBe('');
  });

  it('an mcpServers entry’s timeoutMs bounds the handshake (exit 4 naming the timeout)', async () => {
    const project = mkdtempSync(join(dir, 'silent-'));
    writeFileSync(join(project, 'tandem.config.json'), JSON.stringify({ mcpServers: { silent: { command: process.execPath, args: [SILENT], timeoutMs: 400 } } }));
    // Before the fix the handshake waited the default 30 s: this bound (far above 400 ms) would have killed it.
    const result = await runCli(['tools'], { cwd: project, timeoutMs: 15_000 });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/MCP server "silent" .* failed to start: .*timed out/);
  });
});
