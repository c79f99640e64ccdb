// Conversations kept in ~/.tandem/sessions.db by the built `tandem` binary: --session, --continue, the
// `sessions` commands, and a run killed mid-tool that the next --continue carries on from. The model is an
// OpenAI-compatible loopback server (Responses API), so each test sees exactly what the CLI sent.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderTestServer } from '@tandem/core/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, fileLines, runCli, TEST_TOOLS, waitFor } from '../__fixtures__/cli.js';
import { functionCall, inputOf, itemText, localModelProject, textAnswer } from '../__fixtures__/openai-responses.js';

let dir: string;
let server: ProviderTestServer;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-sessions-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

/** An environment with a tandem home of the test's own. */
function homeEnv(extra: NodeJS.ProcessEnv = {}): { readonly env: NodeJS.ProcessEnv; readonly home: string } {
  const home = mkdtempSync(join(dir, 'home-'));
  return { env: cleanEnv({ TANDEM_HOME: join(home, '.tandem'), ...extra }), home: join(home, '.tandem') };
}

/** The final `{ "type": "result" }` line of `run --json`. */
function resultLine(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}

describe('tandem run keeps its conversation', () => {
  it('--session <id> twice: the second request carries the first turn; the folder is 0700', async () => {
    const { env, home } = homeEnv();
    const project = localModelProject(dir, server.baseURL('/v1'));
    server.enqueue(textAnswer('Nice to meet you, Ada.'), textAnswer('Your name is Ada.'));

    const first = await runCli(['run', '--json', '--session', 'ada', 'My name is Ada.'], { cwd: project, env });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(resultLine(first.stdout)).toMatchObject({ type: 'result', stopReason: 'endTurn', text: 'Nice to meet you, Ada.', sessionId: 'ada' });
    const second = await runCli(['run', '--session', 'ada', 'What is my name?'], { cwd: project, env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('Your name is Ada.\n');

    expect(inputOf(server.requests[0]).map((item) => [item.role, itemText(item)])).toEqual([['user', 'My name is Ada.']]);
    expect(inputOf(server.requests[1]).map((item) => [item.role, itemText(item)])).toEqual([
      ['user', 'My name is Ada.'],
      ['assistant', 'Nice to meet you, Ada.'],
      ['user', 'What is my name?'],
    ]);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(join(home, 'sessions.db')).mode & 0o777).toBe(0o600);
  });

  it('without --session or --continue each run is a new session, named in the result line', async () => {
    const { env } = homeEnv();
    const project = localModelProject(dir, server.baseURL('/v1'));
    server.enqueue(textAnswer('One.'), textAnswer('Two.'));
    const one = resultLine((await runCli(['run', '--json', 'first'], { cwd: project, env })).stdout);
    const two = resultLine((await runCli(['run', '--json', 'second'], { cwd: project, env })).stdout);
    expect(one['sessionId']).toMatch(/^[0-9a-f]{8}$/);
    expect(two['sessionId']).toMatch(/^[0-9a-f]{8}$/);
    expect(two['sessionId']).not.toBe(one['sessionId']);
    expect(inputOf(server.requests[1]).map(itemText)).toEqual(['second']);
  });

  it('--continue resumes the last session started in this folder, not the later one of another folder', async () => {
    const { env } = homeEnv();
    const here = localModelProject(dir, server.baseURL('/v1'), 'here');
    const there = localModelProject(dir, server.baseURL('/v1'), 'there');
    server.enqueue(textAnswer('Noted: blue.'), textAnswer('Noted: red.'), textAnswer('You said blue.'));
    const started = resultLine((await runCli(['run', '--json', 'My colour is blue.'], { cwd: here, env })).stdout);
    await runCli(['run', 'My colour is red.'], { cwd: there, env });

    const resumed = await runCli(['run', '--json', '--continue', '--verbose', 'Which colour?'], { cwd: here, env });
    expect(resumed.code).toBe(0);
    expect(resultLine(resumed.stdout)).toMatchObject({ sessionId: started['sessionId'], text: 'You said blue.' });
    expect(resumed.stderr).toContain(`session ${String(started['sessionId'])} (resumed, 2 messages)`);
    expect(inputOf(server.requests[2]).map(itemText)).toEqual(['My colour is blue.', 'Noted: blue.', 'Which colour?']);
  });

  it('--continue with nothing to continue starts a new session and says so; both flags at once is bad usage', async () => {
    const { env } = homeEnv();
    const project = localModelProject(dir, server.baseURL('/v1'));
    server.enqueue(textAnswer('Hello.'));
    const fresh = await runCli(['run', '--json', '--continue', 'hi'], { cwd: project, env });
    expect(fresh.code).toBe(0);
    const { sessionId } = resultLine(fresh.stdout);
    expect(fresh.stderr).toBe(`tandem: No earlier session in ${project} to continue; starting session ${String(sessionId)}.\n`);
    const both = await runCli(['run', '--continue', '--session', 'x', 'hi'], { cwd: project, env });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/either --continue .* or --session <id>, not both/);
    expect(server.requests).toHaveLength(1);
  });

  it('a run killed (SIGKILL) while its tool runs leaves a session the next --continue run uses: every call paired', async () => {
    const { env } = homeEnv();
    const log = join(dir, 'killed.log');
    const project = localModelProject(dir, server.baseURL('/v1'));
    server.enqueue(functionCall('call_slow1', 'slow_search', { query: 'crash' }), textAnswer('Starting over.'));

    const killed = await runCli(['run', '--session', 'crashy', 'search for crash', '--tools', TEST_TOOLS], {
      cwd: project,
      env: { ...env, TANDEM_TEST_LOG: log },
      onSpawn: (child) => {
        void waitFor(() => fileLines(log).includes('started crash'), 'the tool to start').then(() => child.kill('SIGKILL'));
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(fileLines(log)).toEqual(['started crash']); // killed: the tool never saw an abort

    const next = await runCli(['run', '--json', '--continue', 'try again', '--tools', TEST_TOOLS], { cwd: project, env });
    expect(next.stderr).toBe('');
    expect(next.code).toBe(0);
    expect(resultLine(next.stdout)).toMatchObject({ stopReason: 'endTurn', text: 'Starting over.', sessionId: 'crashy' });
    const input = inputOf(server.requests[1]);
    expect(input.map((item) => item.type ?? 'message')).toEqual(['message', 'function_call', 'function_call_output', 'message']);
    expect(input[1]).toMatchObject({ type: 'function_call', call_id: 'call_slow1', name: 'slow_search' });
    expect(input[2]).toMatchObject({ type: 'function_call_output', call_id: 'call_slow1' });
    expect(itemText(input[2]!)).toMatch(/cancel/i);
    expect(itemText(input[3]!)).toBe('try again');

    const show = await runCli(['sessions', 'show', 'crashy', '--json'], { cwd: project, env });
    const roles = (JSON.parse(show.stdout) as { role: string }[]).map((message) => message.role);
    // Stored as written (the repair is made on load): the call without its result, then the next turn.
    expect(roles).toEqual(['user', 'assistant', 'user', 'assistant']);
  });
});

describe('tandem sessions', () => {
  it('list (newest first), show and rm, readable and --json; an unknown id is bad usage', async () => {
    const { env } = homeEnv();
    const empty = await runCli(['sessions'], { cwd: dir, env });
    expect(empty.code).toBe(0);
    expect(empty.stdout).toMatch(/^No sessions yet\./);

    const project = mkdtempSync(join(dir, 'demo-'));
    await runCli(['run', '--session', 'older', 'quick_echo text=first', '--tools', TEST_TOOLS], { cwd: project, env });
    await runCli(['run', '--session', 'newer', 'hello there'], { cwd: project, env });

    const json = await runCli(['sessions', 'list', '--json'], { cwd: dir, env });
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(listed.map((session) => session['id'])).toEqual(['newer', 'older']);
    expect(listed[1]).toEqual({
      id: 'older',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      messageCount: 4, // user, assistant (call), tool, assistant
      cwd: project,
      title: 'quick_echo text=first',
    });
    const plain = await runCli(['sessions', 'list'], { cwd: dir, env });
    expect(plain.stdout).toMatch(new RegExp(`^newer  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d +2 messages  ${project}\\n  hello there\\n^older .* 4 messages  ${project}\\n`, 'm'));

    const show = await runCli(['sessions', 'show', 'older'], { cwd: dir, env });
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^user: quick_echo text=first\nassistant: .*\n( {2}.*\n)* {2}→ quick_echo \{"text":"first"\}\ntool: ← quick_echo \(success\): echo: first\nassistant: The tool returned:\n {2}- quick_echo: echo: first\n$/);
    const messages = JSON.parse((await runCli(['sessions', 'show', 'older', '--json'], { cwd: dir, env })).stdout) as { role: string; parts: { type: string }[] }[];
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[2]?.parts[0]).toMatchObject({ type: 'tool-result', toolName: 'quick_echo', status: 'success', result: 'echo: first' });

    for (const args of [['sessions', 'show', 'nope'], ['sessions', 'rm', 'nope']]) {
      const unknown = await runCli(args, { cwd: dir, env });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toBe('tandem: No session "nope" (tandem sessions list shows the stored ones).\n');
    }
    const removed = await runCli(['sessions', 'rm', 'older'], { cwd: dir, env });
    expect(removed.stdout).toBe('Removed session older.\n');
    expect((JSON.parse((await runCli(['sessions', '--json'], { cwd: dir, env })).stdout) as { id: string }[]).map((session) => session.id)).toEqual(['newer']);
    expect((await runCli(['sessions', 'show', 'older'], { cwd: dir, env })).code).toBe(2);
  });
});
