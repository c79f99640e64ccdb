// `tandem chat` in a real pseudo-terminal (tmux): the live tool panel, Ctrl-C cancelling a turn (the tool
// gets its abort), the next turn, and the exit keys.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSI, assertBuilt, BIN, cleanEnv, fileLines, TEST_TOOLS, waitFor } from '../__fixtures__/cli.js';
import { TmuxTerminal } from '../__fixtures__/tmux.js';

const SOCKET = `tandem-cli-test-${String(process.pid)}`;
const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;
let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-chat-'));
});
afterAll(() => {
  TmuxTerminal.killServer(SOCKET);
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `tandem chat` in its own session; the test tools log to the returned file. */
function chat(name: string, args: readonly string[] = []): { readonly terminal: TmuxTerminal; readonly log: string } {
  const log = join(dir, `${name}.log`);
  const terminal = TmuxTerminal.start({
    socket: SOCKET,
    session: name,
    command: [process.execPath, BIN, 'chat', '--tools', TEST_TOOLS, ...args],
    exitFile: join(dir, `${name}.exit`),
    env: cleanEnv({ TERM: 'xterm-256color' }),
    // CI is set on CI machines; the chat must still draw live (it is a terminal the user types into).
    vars: { CI: 'true', TANDEM_TEST_LOG: log },
    cwd: dir,
  });
  return { terminal, log };
}

const promptReady = /^› *$/m;

describe('tandem chat in a terminal', () => {
  it('shows a running tool with its spinner; Ctrl-C aborts the tool and returns to the prompt; the next request works; Ctrl-C twice exits 130', async () => {
    const { terminal, log } = chat('cancel');
    const banner = await terminal.waitForScreen(promptReady, 'the prompt');
    expect(banner).toContain('tandem chat · model demo:offline (no key found and no Ollama running)');
    expect(banner).toContain('This is the offline demo model: fixed rules, not an LLM.');

    terminal.send('slow_search and quick_echo query=cats text=hi', { literal: true });
    terminal.send('Enter');
    const running = await terminal.waitForScreen(
      new RegExp(`${SPINNER.source} slow_search · [\\d.]+ (ms|s)[\\s\\S]*✔ quick_echo`),
      'the slow tool running (spinner, elapsed time) beside the finished one',
    );
    expect(running).toMatch(/│ running/);
    expect(running).toContain('{"query":"cats"}');
    expect(running).toContain('→ echo: hi');
    expect(running).toContain('working… (Ctrl-C cancels)');
    // Side by side: both calls of the group on the same lines.
    expect(running).toMatch(/slow_search.*│.*quick_echo/);
    await waitFor(() => fileLines(log).includes('started cats'), 'the tool to start');

    terminal.send('C-c');
    await waitFor(() => fileLines(log).includes('aborted cats'), 'the tool’s signal to abort');
    const cancelled = await terminal.waitForScreen(/Turn cancelled; its tools were stopped\.\n(.*\n)*› *\n/, 'the prompt after cancelling');
    expect(cancelled).toMatch(/⊘ slow_search · [\d.]+ (ms|s)/);
    expect(cancelled).not.toMatch(SPINNER);

    terminal.send('quick_echo text=again', { literal: true });
    terminal.send('Enter');
    await terminal.waitForScreen(/- quick_echo: echo: again\n(.*\n)*› *\n/, 'the next answer and the prompt');

    terminal.send('C-c');
    await terminal.waitForScreen(/Press Ctrl-C again to exit/, 'the exit hint');
    terminal.send('C-c');
    expect(await terminal.exitCode()).toBe(130);
    expect(fileLines(log)).toEqual(['started cats', 'aborted cats']);
  });

  it('Ctrl-D at an empty prompt exits 0; /help lists the commands', async () => {
    const { terminal } = chat('ctrl-d');
    await terminal.waitForScreen(promptReady, 'the prompt');
    terminal.send('/help', { literal: true });
    terminal.send('Enter');
    await terminal.waitForScreen(/\/model \[provider:id\][\s\S]*› *\n/, 'the help');
    terminal.send('C-d');
    expect(await terminal.exitCode()).toBe(0);
  });

  it('keeps the conversation: the banner names the session, and chat --continue resumes it', async () => {
    const first = chat('saved').terminal;
    const banner = await first.waitForScreen(promptReady, 'the prompt');
    const id = /Session ([0-9a-f]{8}) \(saved; tandem --continue resumes it here\)\./.exec(banner)?.[1];
    expect(id).toBeDefined();
    first.send('quick_echo text=kept', { literal: true });
    first.send('Enter');
    await first.waitForScreen(/- quick_echo: echo: kept\n(.*\n)*› *\n/, 'the answer');
    first.send('C-d');
    expect(await first.exitCode()).toBe(0);

    const resumed = chat('resumed', ['--continue']).terminal;
    const again = await resumed.waitForScreen(promptReady, 'the prompt of the resumed chat');
    expect(again).toContain(`Session ${String(id)}: resumed with its 4 earlier messages (tandem sessions show ${String(id)}).`);
    resumed.send('/clear', { literal: true });
    resumed.send('Enter');
    const cleared = await resumed.waitForScreen(/starts afresh in session [0-9a-f]{8}\./, 'the new session');
    expect(cleared).not.toContain(`in session ${String(id)}.`);
    resumed.send('C-d');
    expect(await resumed.exitCode()).toBe(0);
  });

  it('asks y/n inline for a tool that needs approval: y runs it, n denies it', async () => {
    const { terminal, log } = chat('approval');
    const banner = await terminal.waitForScreen(promptReady, 'the prompt');
    expect(banner).toContain('Tools that need approval ask y/n before they run (--yes approves all).');

    terminal.send('delete_file name=a', { literal: true });
    terminal.send('Enter');
    const asking = await terminal.waitForScreen(/Allow delete_file\(\{"name":"a"\}\)\? \[y\/n\]/, 'the approval question');
    expect(asking).toContain('waiting for your y/n');
    expect(fileLines(log)).toEqual([]);
    terminal.send('y', { literal: true });
    await terminal.waitForScreen(/- delete_file: deleted a\n(.*\n)*› *\n/, 'the approved call’s result');
    expect(fileLines(log)).toEqual(['deleted a']);

    terminal.send('delete_file name=b', { literal: true });
    terminal.send('Enter');
    await terminal.waitForScreen(/Allow delete_file\(\{"name":"b"\}\)\? \[y\/n\]/, 'the second approval question');
    terminal.send('n', { literal: true });
    const denied = await terminal.waitForScreen(/- delete_file failed: .*denied.*\n(.*\n)*› *\n/, 'the denied call’s result');
    expect(denied).toContain('The user denied this tool call: answered no in the terminal');
    expect(denied).toMatch(/✖ delete_file/);
    expect(fileLines(log)).toEqual(['deleted a']);
    terminal.send('C-d');
    expect(await terminal.exitCode()).toBe(0);
  });

  it('tandem run judges each stream alone: the tool panel (colored) on the terminal’s stderr, a plain answer in the file stdout goes to', async () => {
    const out = join(dir, 'run.out');
    const terminal = TmuxTerminal.start({
      socket: SOCKET,
      session: 'run-panel',
      command: ['sh', '-c', `"$0" "$1" run --tools "$2" 'quick_echo text=panel' > "$3"`, process.execPath, BIN, TEST_TOOLS, out],
      exitFile: join(dir, 'run-panel.exit'),
      env: cleanEnv({ TERM: 'xterm-256color' }),
      vars: { CI: 'true' },
      cwd: dir,
    });
    expect(await terminal.exitCode()).toBe(0);
    const screen = terminal.screen();
    expect(screen).toMatch(/▶ quick_echo \{"text":"panel"\}/);
    expect(screen).toMatch(/✔ quick_echo [\d.]+ (ms|s) → echo: panel/);
    expect(readFileSync(out, 'utf8')).toBe('Calling quick_echo.\nThe tool returned:\n- quick_echo: echo: panel\n');
    expect(terminal.screen({ escapes: true })).toMatch(ANSI);
  });

  it.each([
    ['NO_COLOR', ['run'], { NO_COLOR: '1' }],
    ['--no-color', ['run', '--no-color'], {}],
  ] as const)('tandem run with %s: the panel on the terminal has no colors', async (name, args, vars) => {
    const session = `plain-${name.replace(/\W/g, '')}`;
    const terminal = TmuxTerminal.start({
      socket: SOCKET,
      session,
      command: ['sh', '-c', `"$0" "$1" ${args.join(' ')} --tools "$2" 'quick_echo text=plain' > /dev/null`, process.execPath, BIN, TEST_TOOLS],
      exitFile: join(dir, `${session}.exit`),
      env: cleanEnv({ TERM: 'xterm-256color' }),
      vars: { CI: 'true', ...vars },
      cwd: dir,
    });
    expect(await terminal.exitCode()).toBe(0);
    expect(terminal.screen()).toMatch(/✔ quick_echo [\d.]+ (ms|s) → echo: plain/);
    expect(terminal.screen({ escapes: true })).not.toMatch(ANSI);
  });
});
