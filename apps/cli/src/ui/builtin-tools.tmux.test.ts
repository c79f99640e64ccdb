// The built-in tools in a real terminal (tmux): the demo model reads a file and lists a folder as one
// concurrent group, run_command asks y/n, a path outside the working tree is an error result, and
// `tandem voice` asks y/n for a tool that needs approval and runs it on y.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, cleanEnv, fileLines, TEST_TOOLS } from '../__fixtures__/cli.js';
import { TmuxTerminal } from '../__fixtures__/tmux.js';

const SOCKET = `tandem-builtin-test-${String(process.pid)}`;
let dir: string;
let project: string;

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-builtin-'));
  project = join(dir, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'notes.md'), 'Remember the milk.\n');
  writeFileSync(join(project, 'src', 'index.ts'), 'export {};\n');
  writeFileSync(join(dir, 'secret.txt'), 'outside the tree\n');
});
afterAll(() => {
  TmuxTerminal.killServer(SOCKET);
  rmSync(dir, { recursive: true, force: true });
});

function start(name: string, args: readonly string[]): { readonly terminal: TmuxTerminal; readonly log: string } {
  const log = join(dir, `${name}.log`);
  const terminal = TmuxTerminal.start({
    socket: SOCKET,
    session: name,
    command: [process.execPath, BIN, ...args],
    exitFile: join(dir, `${name}.exit`),
    env: cleanEnv({ TERM: 'xterm-256color' }),
    vars: { CI: 'true', TANDEM_TEST_LOG: log },
    cwd: project,
  });
  return { terminal, log };
}

const promptReady = /^› *$/m;

describe('built-in tools in a terminal', () => {
  it('chat: read_file and list_directory run as one concurrent group; a path outside the tree is an error result', async () => {
    const { terminal } = start('group', ['chat']);
    await terminal.waitForScreen(promptReady, 'the prompt');
    terminal.send('read_file path=notes.md and list_directory path=.', { literal: true });
    terminal.send('Enter');
    const screen = await terminal.waitForScreen(/- list_directory: .*\n(.*\n)*› *\n/, 'both results and the prompt');
    expect(screen).toContain('Calling read_file and list_directory at the same time, as one tool group.');
    // One group: both boxes side by side on the same lines.
    expect(screen).toMatch(/✔ read_file.*│.*✔ list_directory/);
    expect(screen).toContain('- read_file: Remember the milk.');
    expect(screen).toMatch(/- list_directory: notes\.md src\//);

    terminal.send('read_file path=../secret.txt', { literal: true });
    terminal.send('Enter');
    const refused = await terminal.waitForScreen(/- read_file failed: .*\n(.*\n)*› *\n/, 'the error result');
    expect(refused).toMatch(/✖ read_file/);
    expect(refused).toMatch(/read_file failed: PathOutsideWorkspaceError: \.\.\/secret\.txt is outside the folders/);
    expect(refused).not.toContain('outside the tree');
    terminal.send('C-d');
    expect(await terminal.exitCode()).toBe(0);
  });

  it('chat: run_command asks y/n; y runs it and the panel shows the wait apart from the run time', async () => {
    const { terminal } = start('command', ['chat']);
    await terminal.waitForScreen(promptReady, 'the prompt');
    terminal.send('run_command command=pwd', { literal: true });
    terminal.send('Enter');
    const asking = await terminal.waitForScreen(/Allow run_command\(\{"command":"pwd"\}\)\? \[y\/n\]/, 'the approval question');
    expect(asking).toContain('waiting for approval');
    terminal.send('y', { literal: true });
    const ran = await terminal.waitForScreen(/- run_command: .*\n(.*\n)*› *\n/, 'the command’s result');
    expect(ran).toContain(`- run_command: ${project}`);
    expect(ran).toMatch(/✔ run_command · waited [\d.]+ (ms|s) for approval · ran [\d.]+ (ms|s)/);
    terminal.send('C-d');
    expect(await terminal.exitCode()).toBe(0);
  });

  it('voice: a tool that needs approval is asked y/n in the terminal and runs on y', async () => {
    const { terminal, log } = start('voice', ['voice', '--tools', TEST_TOOLS]);
    await terminal.waitForScreen(/Type a line and press Enter/, 'the voice banner');
    terminal.send('delete_file name=draft.txt', { literal: true });
    terminal.send('Enter');
    await terminal.waitForScreen(/Allow delete_file\(\{"name":"draft\.txt"\}\)\? \[y\/N\]/, 'the approval question');
    expect(fileLines(log)).toEqual([]);
    terminal.send('y', { literal: true });
    terminal.send('Enter');
    await terminal.waitForScreen(/\[tool delete_file success: deleted draft\.txt\]/, 'the approved call to run');
    expect(fileLines(log)).toEqual(['deleted draft.txt']);
    terminal.send('C-d');
    expect(await terminal.exitCode()).toBe(0);
  });
});
