// `tandem run` as a user runs it: the built binary in a child process (stdout and stderr are pipes, not TTYs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSI, assertBuilt, cleanEnv, fileLines, runCli, TEST_TOOLS, waitFor } from '../__fixtures__/cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-run-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tandem run', () => {
  it('starts at the entry agent of the config\'s agents and reports the handoff with agentName on every line', async () => {
    const project = mkdtempSync(join(dir, 'agents-'));
    writeFileSync(
      join(project, 'tandem.config.json'),
      JSON.stringify({
        agents: {
          router: { system: 'Route.', tools: [], handoffs: ['billing'] },
          billing: { system: 'Bill.', description: 'Invoices and charges.', tools: ['quick_echo'] },
        },
        agent: 'router',
      }),
    );
    const result = await runCli(['run', '--json', 'transfer_to_billing please', '--tools', TEST_TOOLS], { cwd: project });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line['type'] === 'handoff')).toEqual([expect.objectContaining({ from: 'router', to: 'billing', agentName: 'router' })]);
    const events = lines.filter((line) => line['type'] !== 'result');
    expect(events.every((line) => typeof line['agentName'] === 'string')).toBe(true);
    expect(events.at(-1)?.['agentName']).toBe('billing');
  });

  it('prints the answer, with no ANSI when stdout is not a TTY', async () => {
    const result = await runCli(['run', 'quick_echo text=hello', '--tools', TEST_TOOLS], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Calling quick_echo.\nThe tool returned:\n- quick_echo: echo: hello\n');
    expect(result.stdout).not.toMatch(ANSI);
    expect(result.stderr).toBe(''); // no tool panel: stderr is not a TTY
  });

  it('takes the prompt from -p and from stdin', async () => {
    const flag = await runCli(['run', '-p', 'quick_echo text=flag', '--tools', TEST_TOOLS], { cwd: dir });
    expect(flag.stdout).toContain('echo: flag');
    const piped = await runCli(['run', '--tools', TEST_TOOLS], { cwd: dir, input: 'quick_echo text=piped\n' });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain('echo: piped');
    const bare = await runCli(['--tools', TEST_TOOLS], { cwd: dir, input: 'quick_echo text=bare' });
    expect(bare.stdout).toContain('echo: bare');
  });

  it('--json prints every event as a JSON line, then a result line, with no ANSI even when color is forced', async () => {
    const result = await runCli(['run', '--json', 'quick_echo and current_time text=hi', '--tools', TEST_TOOLS], { cwd: dir, env: cleanEnv({ FORCE_COLOR: '3' }) });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(ANSI);
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const types = lines.map((line) => line['type']);
    expect(types[0]).toBe('step-start');
    expect(types).toEqual(expect.arrayContaining(['stream-start', 'reasoning-delta', 'text-delta', 'tool-start', 'tool-delta', 'tool-end', 'stream-end', 'tool-call-result', 'step-end']));
    for (const line of lines.slice(0, -1)) expect(line).toMatchObject({ runId: expect.any(String), step: expect.any(Number) });
    const toolEnd = lines.find((line) => line['type'] === 'tool-end' && (line['toolCall'] as { toolName: string }).toolName === 'quick_echo');
    expect(toolEnd).toMatchObject({ toolCall: { toolCallId: 'demo_call_1', toolName: 'quick_echo', toolArgs: '{"text":"hi"}', input: { text: 'hi' } } });
    const results = lines.filter((line) => line['type'] === 'tool-call-result').flatMap((line) => line['results'] as Array<Record<string, unknown>>);
    expect(results.map((entry) => entry['toolName']).sort()).toEqual(['current_time', 'quick_echo']);
    expect(results.find((entry) => entry['toolName'] === 'quick_echo')).toMatchObject({ status: 'success', isError: false, result: 'echo: hi', modelInput: { type: 'text', value: 'echo: hi' } });
    const last = lines.at(-1);
    expect(last).toEqual({
      type: 'result',
      stopReason: 'endTurn',
      text: expect.stringContaining('- quick_echo: echo: hi'),
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
      sessionId: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
  });

  it('--json reports a failed tool with its error as { name, message }', async () => {
    const result = await runCli(['run', '--json', 'current_time timeZone=Not/AZone'], { cwd: dir });
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = lines.find((line) => line['type'] === 'tool-call-result');
    expect(failed).toMatchObject({ results: [{ status: 'error', isError: true }], exception: { name: 'RangeError', message: expect.stringContaining('Not/AZone') } });
    expect(lines.at(-1)).toMatchObject({ type: 'result', stopReason: 'endTurn' });
  });

  it('Ctrl-C (SIGINT) cancels the run: the tool gets its abort, the result says cancelled, exit 130', async () => {
    const log = join(dir, 'interrupt.log');
    const result = await runCli(['run', '--json', 'slow_search query=interrupt', '--tools', TEST_TOOLS], {
      cwd: dir,
      env: cleanEnv({ TANDEM_TEST_LOG: log }),
      onSpawn: (child) => {
        void waitFor(() => fileLines(log).includes('started interrupt'), 'the tool to start').then(() => child.kill('SIGINT'));
      },
    });
    expect(result.code).toBe(130);
    expect(fileLines(log)).toEqual(['started interrupt', 'aborted interrupt']);
    const last = JSON.parse(result.stdout.trimEnd().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(last).toMatchObject({ type: 'result', stopReason: 'cancelled' });
    expect(result.stderr).toMatch(/interrupted/);
  });

  it('warns on stderr and exits 0 when the step limit is hit', async () => {
    const result = await runCli(['run', 'quick_echo text=x', '--tools', TEST_TOOLS, '--max-steps', '1'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: stopped at the step limit/);
  });

  it('--json never asks: a call that needs approval gets the error result "approval needed"', async () => {
    const log = join(dir, 'json-approval.log');
    const result = await runCli(['run', '--json', 'delete_file name=j', '--tools', TEST_TOOLS], { cwd: dir, env: cleanEnv({ TANDEM_TEST_LOG: log }) });
    expect(result.code).toBe(0);
    const events = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; results?: Array<{ status: string; result: unknown }> });
    const call = events.find((event) => event.type === 'tool-call-result')?.results?.[0];
    expect(call).toMatchObject({ status: 'error', result: expect.stringContaining('approval needed: run with --yes') });
    expect(result.stderr).toBe('');
    expect(fileLines(log)).toEqual([]);
  });

  it('refuses a call that needs approval when there is no terminal to ask on, and runs it with --yes', async () => {
    const log = join(dir, 'approval.log');
    const refused = await runCli(['run', 'delete_file name=c', '--tools', TEST_TOOLS], { cwd: dir, env: cleanEnv({ TANDEM_TEST_LOG: log }) });
    expect(refused.code).toBe(0);
    expect(refused.stderr).toContain('delete_file needs approval; refused, because tandem run is not on a terminal (--yes approves tool calls; --approvals interrupt pauses the run for a later --approve).');
    expect(refused.stdout).toContain('- delete_file failed: The user denied this tool call: it needs approval and tandem run has no terminal to ask on');
    expect(fileLines(log)).toEqual([]);
    const approved = await runCli(['run', 'delete_file name=c', '--tools', TEST_TOOLS, '--yes'], { cwd: dir, env: cleanEnv({ TANDEM_TEST_LOG: log }) });
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('- delete_file: deleted c');
    expect(fileLines(log)).toEqual(['deleted c']);
  });

  it('ends quietly when the reader goes away (tandem run … | head)', async () => {
    const result = await runCli(['run', '--json', 'slow_search query=pipe', '--tools', TEST_TOOLS], {
      cwd: dir,
      onSpawn: (child) => child.stdout?.once('data', () => child.stdout?.destroy()),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/EPIPE|Unhandled/);
  });
});
