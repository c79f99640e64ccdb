// `tandem chat` in a real pseudo-terminal (tmux): the live tool panel, Ctrl-C cancelling a turn (the tool
// gets its abort), the next turn, and the exit keys.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, cleanEnv, fileLines, TEST_TOOLS, waitFor } from '../__fixtures__/cli.js';
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

function chat(name: string, extra: NodeJS.ProcessEnv = {}) {
  const exitFile = join(dir, `${name}.exit`);
  const terminal = TmuxTerminal.start({
    socket: SOCKET,
    session: name,
    command: [process.execPath, BIN, 'chat', '--tools', TEST_TOOLS],
    exitFile,
    // CI is set on CI machines; the chat must still draw live (it is a terminal the user types into).
    env: cleanEnv({ CI: 'true', TERM: 'xterm-256color', ...extra }),
    cwd: dir,
  });
  return terminal;
}

const promptReady = /^› *$/m;

describe('tandem chat in a terminal', () => {
  it('shows a running tool with its spinner; Ctrl-C aborts the tool and returns to the prompt; the next request works; Ctrl-C twice exits 130', async () => {
    const log = join(dir, 'tools.log');
    const terminal = chat('cancel', { TANDEM_TEST_LOG: log });
    const banner = await terminal.waitForScreen(promptReady, 'the prompt');
    expect(banner).toContain('tandem chat · model demo:offline (no key found and no Ollama running)');
    expect(banner).toContain('This is the offline demo model: fixed rules, not an LLM.');

    terminal.send('slow_search and quick_echo query=cats text=hi', { literal: true });
    terminal.send('Enter');
    const running = await terminal.waitForScreen(/✔ quick_echo[\s\S]*running/, 'the slow tool running beside the finished one');
    expect(running).toMatch(new RegExp(`${SPINNER.source} slow_search · [\\d.]+ (ms|s)`));
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
    const terminal = chat('ctrl-d');
    await terminal.waitForScreen(promptReady, 'the prompt');
    terminal.send('/help', { literal: true });
    terminal.send('Enter');
    await terminal.waitForScreen(/\/model \[provider:id\][\s\S]*› *\n/, 'the help');
    terminal.send('C-d');
    expect(await terminal.exitCode()).toBe(0);
  });
});
