// Approvals across processes (§14, §22, §24 "CLI approvals"): `tandem run --approvals interrupt` pauses at a
// call that needs approval; a later process answers it with `--session <id> --approve/--deny`; `tandem
// sessions show` lists what waits. The built binary in child processes, the offline demo model.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, fileLines, runCli, TEST_TOOLS } from '../__fixtures__/cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-approvals-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An environment with a tandem home and a tool log of the test's own. */
function setup(name: string): { readonly env: NodeJS.ProcessEnv; readonly log: string } {
  const home = mkdtempSync(join(dir, `${name}-`));
  const log = join(home, 'tools.log');
  return { env: cleanEnv({ TANDEM_HOME: join(home, '.tandem'), TANDEM_TEST_LOG: log }), log };
}

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('tandem run --approvals interrupt', () => {
  it('--json: pauses without running the tool, exit 0, the result line carries the interruptions; --approve in a new process runs it once', async () => {
    const { env, log } = setup('json');
    const paused = await runCli(['run', '--json', '--approvals', 'interrupt', 'delete_file name=notes.txt', '--tools', TEST_TOOLS], { cwd: dir, env });
    expect(paused.stderr).toBe('');
    expect(paused.code).toBe(0);
    const lines = jsonLines(paused.stdout);
    expect(lines.filter((line) => line['type'] === 'tool-approval-request')).toMatchObject([{ toolCallId: 'demo_call_1', toolName: 'delete_file' }]);
    const result = lines.at(-1) ?? {};
    expect(result).toMatchObject({
      type: 'result',
      stopReason: 'interrupted',
      interruptions: [{ toolCallId: 'demo_call_1', toolName: 'delete_file', input: { name: 'notes.txt' } }],
      sessionId: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    expect(fileLines(log)).toEqual([]);
    const sessionId = String(result['sessionId']);

    const shown = await runCli(['sessions', 'show', sessionId], { cwd: dir, env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Waiting for approval:\n  delete_file (call demo_call_1) {"name":"notes.txt"}');
    expect(shown.stdout).toContain(`tandem run --session ${sessionId} --approve demo_call_1`);

    const resumed = await runCli(['run', '--json', '--session', sessionId, '--approve', 'demo_call_1', '--tools', TEST_TOOLS], { cwd: dir, env });
    expect(resumed.code).toBe(0);
    const resumedLines = jsonLines(resumed.stdout);
    expect(resumedLines.filter((line) => line['type'] === 'tool-call-result').map((line) => line['result'])).toMatchObject([
      { toolCallId: 'demo_call_1', status: 'success', result: 'deleted notes.txt' },
    ]);
    expect(resumedLines.at(-1)).toMatchObject({ type: 'result', stopReason: 'endTurn', sessionId });
    expect(fileLines(log)).toEqual(['deleted notes.txt']);

    const after = await runCli(['sessions', 'show', sessionId], { cwd: dir, env });
    expect(after.stdout).not.toContain('Waiting for approval');
    // Answering it again is refused: nothing waits any more.
    const again = await runCli(['run', '--session', sessionId, '--approve', 'demo_call_1', '--tools', TEST_TOOLS], { cwd: dir, env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`Session ${sessionId} has no tool call "demo_call_1" waiting for approval (none waits for approval).`);
    expect(fileLines(log)).toEqual(['deleted notes.txt']);
  });

  it('on text output it says how to resume; --deny --reason answers with the reason and the tool never runs', async () => {
    const { env, log } = setup('text');
    const paused = await runCli(['run', '--approvals', 'interrupt', 'delete_file name=a', '--tools', TEST_TOOLS], { cwd: dir, env });
    expect(paused.code).toBe(0);
    const sessionId = /--session (\S+) --approve demo_call_1/.exec(paused.stderr)?.[1];
    expect(paused.stderr).toContain('tandem: paused: delete_file (demo_call_1) needs approval. Resume with: tandem run --session');
    expect(sessionId).toMatch(/^[0-9a-f]{8}$/);

    const denied = await runCli(['run', '--json', '--session', String(sessionId), '--deny', 'demo_call_1', '--reason', 'not today', '--tools', TEST_TOOLS], { cwd: dir, env });
    expect(denied.code).toBe(0);
    const result = jsonLines(denied.stdout).find((line) => line['type'] === 'tool-call-result')?.['result'];
    expect(result).toMatchObject({ toolCallId: 'demo_call_1', status: 'error', result: 'The user denied this tool call: not today' });
    expect(fileLines(log)).toEqual([]);
  });

  it('without --approvals interrupt or --yes, --json denies the call and says both ways to allow it', async () => {
    const { env, log } = setup('deny');
    const result = await runCli(['run', '--json', 'delete_file name=j', '--tools', TEST_TOOLS], { cwd: dir, env });
    const call = jsonLines(result.stdout).find((line) => line['type'] === 'tool-call-result')?.['result'];
    expect(call).toMatchObject({ status: 'error', result: expect.stringContaining('approval needed: run with --yes or --approvals interrupt') });
    expect(fileLines(log)).toEqual([]);
  });

  it('bad usage exits 2 and says what to do', async () => {
    const { env } = setup('usage');
    const noSession = await runCli(['run', '--approve', 'demo_call_1', '--tools', TEST_TOOLS], { cwd: dir, env });
    expect(noSession.code).toBe(2);
    expect(noSession.stderr).toContain('--approve/--deny answer a paused run: name its session with --session <id>');
    const withPrompt = await runCli(['run', '--session', 'abc', '--approve', 'x', 'hello'], { cwd: dir, env });
    expect(withPrompt.code).toBe(2);
    expect(withPrompt.stderr).toContain('Give either a prompt or --approve/--deny');
    const unknown = await runCli(['run', '--session', 'nothing-here', '--deny', 'x', '--tools', TEST_TOOLS], { cwd: dir, env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Session nothing-here has no tool call "x" waiting for approval');
    const badMode = await runCli(['run', '--approvals', 'later', 'hi'], { cwd: dir, env });
    expect(badMode.code).toBe(2);
  });
});
