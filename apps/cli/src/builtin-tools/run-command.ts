import { spawn } from 'node:child_process';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import { trackChild } from '../lifecycle/child-processes.js';
import type { Workspace } from './workspace.js';

/** Most characters of output `run_command` returns (the start and the end are kept). */
export const RUN_COMMAND_MAX_CHARS = 64_000;
/** How long a cancelled command's process group has after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 1000;

/** Options of {@link runCommandTool}. */
export interface RunCommandOptions {
  /** The shell (default `/bin/sh`, called with `-c <command>`). */
  readonly shell?: string;
}

/**
 * `run_command({ command, cwd? })`: runs a shell command in its own process group, in `cwd` (inside the
 * workspace; default the working directory), and returns its exit code and output (stdout and stderr
 * interleaved, at most {@link RUN_COMMAND_MAX_CHARS} characters: the start and the end). **Always needs
 * approval.** A cancelled call ends the whole process group (SIGTERM, then SIGKILL); so do processes the
 * command leaves running in the background when it exits, and `tandem` exiting.
 *
 * @example
 * ```ts
 * const tools = [runCommandTool(new Workspace(process.cwd()))];
 * ```
 *
 * @category Built-in tools
 */
export function runCommandTool(workspace: Workspace, options: RunCommandOptions = {}) {
  return tool({
    name: 'run_command',
    description: 'Run a shell command (sh -c) in the working directory or `cwd`; returns its exit code and output. The user approves each call.',
    input: z.object({
      command: z.string().describe('the shell command line'),
      cwd: z.string().optional().describe('folder to run it in, relative to the working directory (default ".")'),
    }),
    needsApproval: true,
    async execute({ command, cwd }, { signal }) {
      if (command.trim() === '') throw new Error('command is empty.');
      const folder = workspace.resolve(cwd === undefined || cwd === '' ? '.' : cwd);
      // stderr joins stdout in the shell, so the output keeps the order the command wrote it in.
      const { code, signal: killedBy, output } = await runInGroup(options.shell ?? '/bin/sh', ['-c', `exec 2>&1\n${command}`], folder, signal);
      signal.throwIfAborted();
      const status = killedBy === null ? `exit code ${String(code)}` : `killed by ${killedBy}`;
      return output === '' ? `[${status}, no output]` : `${output}${output.endsWith('\n') ? '' : '\n'}[${status}]`;
    },
  });
}

interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly output: string;
}

function runInGroup(file: string, args: readonly string[], cwd: string, signal: AbortSignal): Promise<Finished> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid;
    const killGroup = (how: NodeJS.Signals): void => {
      if (pid === undefined) return;
      try {
        process.kill(-pid, how);
      } catch {
        // the group is gone
      }
    };
    const forget = trackChild(() => killGroup('SIGKILL'));
    const output = new CappedText(RUN_COMMAND_MAX_CHARS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => output.add(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => output.add(chunk));
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = (): void => {
      killGroup('SIGTERM');
      graceTimer = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
      graceTimer.unref();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    // The shell is done: what it left running in the background goes too (and so its hold on the pipes).
    child.once('exit', (code, killedBy) => {
      exit = { code, signal: killedBy };
      killGroup('SIGKILL');
    });
    child.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      forget();
      reject(new Error(`run_command could not start ${file}: ${error.message}`, { cause: error }));
    });
    child.once('close', (code, killedBy) => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(graceTimer);
      forget();
      resolve({ ...(exit ?? { code, signal: killedBy }), output: output.text() });
    });
  });
}

/** Text that keeps its first and last halves once it grows past `max` characters. */
class CappedText {
  private head = '';
  private tail = '';
  private dropped = 0;

  constructor(private readonly max: number) {}

  add(chunk: string): void {
    const half = Math.floor(this.max / 2);
    if (this.head.length < half) {
      const room = half - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk === '') return;
    this.tail += chunk;
    if (this.tail.length > half) {
      this.dropped += this.tail.length - half;
      this.tail = this.tail.slice(-half);
    }
  }

  text(): string {
    return this.dropped === 0 ? this.head + this.tail : `${this.head}\n[… ${String(this.dropped)} characters of output left out …]\n${this.tail}`;
  }
}
