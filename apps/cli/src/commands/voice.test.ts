// `tandem voice` on the offline demo bidi model: typed turns in, text out; and --audio without sox.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, cleanEnv, fileLines, runCli, TEST_TOOLS, waitFor } from '../__fixtures__/cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-voice-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tandem voice', () => {
  it('answers typed turns, runs the tools they name as a group, narrates the results, and ends with the input', async () => {
    const result = await runCli(['voice', '--tools', TEST_TOOLS], { cwd: dir, input: 'hello\nquick_echo and current_time text=hi\n' });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/tandem voice · model demo:offline/);
    expect(result.stderr).toMatch(/offline demo model answers typed turns by fixed rules/);
    expect(result.stdout).toContain('You said: "hello".');
    expect(result.stdout).toContain('Calling quick_echo and current_time at the same time, as one tool group.');
    expect(result.stdout).toContain('[tool quick_echo {"text":"hi"}]');
    expect(result.stdout).toContain('[tool quick_echo success: echo: hi]');
    expect(result.stdout).toMatch(/The tools returned:\n- quick_echo: echo: hi\n- current_time: /);
    expect(result.stdout).toMatch(/\[conversation ended: complete\]\n$/);
  });

  it('--yes approves a call that needs approval: it runs (it used to wait forever)', async () => {
    const log = join(dir, 'yes.log');
    const result = await runCli(['voice', '--yes', '--tools', TEST_TOOLS], { cwd: dir, input: 'delete_file name=report.txt\n', env: cleanEnv({ TANDEM_TEST_LOG: log }), timeoutMs: 30_000 });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('[tool delete_file success: deleted report.txt]');
    expect(fileLines(log)).toEqual(['deleted report.txt']);
  });

  it('without --yes asks y/n in the terminal while the conversation goes on; y runs the call, n denies it', async () => {
    const log = join(dir, 'ask.log');
    const child = spawn(process.execPath, [BIN, 'voice', '--tools', TEST_TOOLS], { cwd: dir, env: cleanEnv({ TANDEM_TEST_LOG: log }), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    try {
      child.stdin.write('delete_file name=first.txt\n');
      await waitFor(() => stderr.includes('Allow delete_file({"name":"first.txt"})? [y/N]'), 'the approval question');
      // While the question is open the next line answers it; the conversation goes on after it.
      child.stdin.write('y\n');
      await waitFor(() => stdout.includes('[tool delete_file success: deleted first.txt]'), 'the approved call to run');
      child.stdin.write('quick_echo text=still-here\n');
      await waitFor(() => stdout.includes('[tool quick_echo success: echo: still-here]'), 'the next turn');
      child.stdin.write('delete_file name=second.txt\n');
      await waitFor(() => stderr.includes('Allow delete_file({"name":"second.txt"})? [y/N]'), 'the second question');
      child.stdin.end('n\n');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    expect(stdout).toMatch(/\[tool delete_file error: .*answered no in the terminal/);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['deleted first.txt']);
  });

  it('has the built-in tools, confined to the working directory', async () => {
    const result = await runCli(['voice'], { cwd: dir, input: 'list_directory path=../\n' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\[tool list_directory error: .*outside the folders tandem's file tools may use/);
  });

  it('--audio without sox on PATH says what to install (exit 2)', async () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = await runCli(['voice', '--audio'], { cwd: dir, env: cleanEnv({ PATH: bin }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--audio needs sox’s rec and play on PATH \(Debian\/Ubuntu: sudo apt install sox; macOS: brew install sox\)/);
  });
});
