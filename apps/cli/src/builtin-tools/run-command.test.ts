import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../__fixtures__/call-tool.js';
import { waitFor } from '../__fixtures__/cli.js';
import { RUN_COMMAND_MAX_CHARS, runCommandTool } from './run-command.js';
import { Workspace } from './workspace.js';

let base: string;
let tool: ReturnType<typeof runCommandTool>;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-run-command-')));
  mkdirSync(join(base, 'sub'));
  tool = runCommandTool(new Workspace(base));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** True while a process with this pid exists (zombies are reaped by init once their parent is gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(' ')[2]?.startsWith('Z');
  } catch {
    return false;
  }
}

describe('run_command', () => {
  it('always needs approval', () => {
    expect(tool.needsApproval).toBe(true);
  });

  it('runs a shell command in the working directory or cwd and returns its output and exit code', async () => {
    expect(await callTool(tool, { command: 'echo hi; echo oops >&2; pwd' })).toBe(`hi\noops\n${base}\n[exit code 0]`);
    expect(await callTool(tool, { command: 'pwd', cwd: 'sub' })).toBe(`${join(base, 'sub')}\n[exit code 0]`);
    expect(await callTool(tool, { command: 'exit 3' })).toBe('[exit code 3, no output]');
  });

  it('refuses a cwd outside the tree and an empty command', async () => {
    await expect(callTool(tool, { command: 'pwd', cwd: '..' })).rejects.toThrow(/outside the folders/);
    await expect(callTool(tool, { command: '  ' })).rejects.toThrow(/command is empty/);
  });

  it('caps the output, keeping its start and its end', async () => {
    const text = (await callTool(tool, { command: `printf 'START'; head -c ${String(RUN_COMMAND_MAX_CHARS * 2)} /dev/zero | tr '\\0' x; printf 'END'` })) as string;
    expect(text.length).toBeLessThan(RUN_COMMAND_MAX_CHARS + 200);
    expect(text).toMatch(/^STARTx+\n\[… \d+ characters of output left out …\]\nx+END\n\[exit code 0\]$/);
  });

  it('on cancel kills the whole process group, also children that ignore SIGTERM', async () => {
    const pids = join(base, 'pids');
    const controller = new AbortController();
    // The shell and a background child both ignore SIGTERM, so only the SIGKILL that follows ends them.
    const call = callTool(tool, { command: `trap '' TERM; sleep 600 & echo $$ $! > ${pids}; wait` }, controller.signal);
    const [shell, child] = await waitFor(() => (existsSync(pids) && readFileSync(pids, 'utf8').includes(' ') ? readFileSync(pids, 'utf8').trim().split(' ').map(Number) : undefined), 'the command to start');
    expect(alive(shell as number) && alive(child as number)).toBe(true);
    controller.abort(new Error('cancelled'));
    await expect(call).rejects.toThrow(/cancelled/);
    await waitFor(() => !alive(shell as number) && !alive(child as number), 'every process of the group to be gone');
  });

  it('ends what a finished command left running in the background', async () => {
    const pidFile = join(base, 'background');
    expect(await callTool(tool, { command: `sleep 600 > /dev/null 2>&1 & echo $! > ${pidFile}` })).toBe('[exit code 0, no output]');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await waitFor(() => !alive(pid), 'the background process to be gone');
  });
});
