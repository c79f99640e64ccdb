// A real pseudo-terminal for the chat tests: a tmux server of our own (its own socket), one session per
// test, driven with send-keys and read with capture-pane.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { waitFor } from './cli.js';

/** A terminal 120×40 running one command under tmux. */
export class TmuxTerminal {
  private constructor(
    private readonly socket: string,
    private readonly session: string,
    private readonly exitFile: string,
  ) {}

  /**
   * Starts `command` (an argv, quoted for the shell here) in a new detached session; its exit code is
   * written to `exitFile` when it ends. `env` is the environment of the tmux server (the first session
   * starts it; later ones share it), and `vars` are set for this command alone.
   */
  static start(options: {
    readonly socket: string;
    readonly session: string;
    readonly command: readonly string[];
    readonly exitFile: string;
    readonly env: NodeJS.ProcessEnv;
    readonly vars: Readonly<Record<string, string>>;
    readonly cwd: string;
  }): TmuxTerminal {
    const assignments = Object.entries(options.vars).map(([key, value]) => quote(`${key}=${value}`));
    const line = `env ${assignments.join(' ')} ${options.command.map(quote).join(' ')}; echo $? > ${quote(options.exitFile)}; sleep 600`;
    execFileSync('tmux', ['-L', options.socket, 'new-session', '-d', '-x', '120', '-y', '40', '-s', options.session, '-c', options.cwd, line], {
      env: options.env,
      stdio: 'ignore',
    });
    return new TmuxTerminal(options.socket, options.session, options.exitFile);
  }

  /** Kills every session of the socket's server and removes its socket file. */
  static killServer(socket: string): void {
    try {
      const path = execFileSync('tmux', ['-L', socket, 'display-message', '-p', '#{socket_path}'], { encoding: 'utf8' }).trim();
      execFileSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' });
      if (path !== '') rmSync(path, { force: true });
    } catch {
      // no server left
    }
  }

  /** Types keys (tmux key names such as `Enter`, `C-c`, or literal text with `literal`). */
  send(keys: string, options: { readonly literal?: boolean } = {}): void {
    execFileSync('tmux', ['-L', this.socket, 'send-keys', '-t', this.session, ...(options.literal === true ? ['-l'] : []), keys], { stdio: 'ignore' });
  }

  /** The visible screen as plain text, or with its colors as ANSI escapes (`escapes`). */
  screen(options: { readonly escapes?: boolean } = {}): string {
    return execFileSync('tmux', ['-L', this.socket, 'capture-pane', '-p', ...(options.escapes === true ? ['-e'] : []), '-t', this.session], { encoding: 'utf8' });
  }

  /** Waits (polling, bounded) until the screen matches `pattern`; returns the screen. */
  async waitForScreen(pattern: RegExp, what: string, timeoutMs = 60_000): Promise<string> {
    let last = '';
    try {
      return await waitFor(() => {
        last = this.screen();
        return pattern.test(last) ? last : undefined;
      }, what, timeoutMs);
    } catch (error) {
      throw new Error(`${(error as Error).message}. The screen was:\n${last}`);
    }
  }

  /** Waits for the command to end and returns its exit code. */
  async exitCode(timeoutMs = 60_000): Promise<number> {
    const text = await waitFor(() => (existsSync(this.exitFile) ? readFileSync(this.exitFile, 'utf8').trim() || undefined : undefined), 'the command to exit', timeoutMs);
    return Number(text);
  }
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
