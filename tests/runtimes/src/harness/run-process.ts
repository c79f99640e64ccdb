import { spawn, type StdioOptions } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { ProgramReport } from '../program/program.js';

export interface ProcessOutcome {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunProcessOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Kills the process after this long: a hang fails the test with the output so far, never a stuck suite. */
  readonly timeoutMs: number;
  readonly stdio?: StdioOptions;
  /** Called with the child once it is spawned (e.g. to read an extra pipe). */
  readonly onSpawn?: (child: { stdio: (Readable | null | undefined)[]; kill(): boolean }) => void;
  readonly signal?: AbortSignal;
}

/** Runs a command to its end and collects its output. */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => {
      stderr += `\n[tests/runtimes] killed after ${String(options.timeoutMs)} ms\n`;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const onAbort = (): void => {
      child.kill('SIGTERM');
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code, signal, stdout, stderr });
    });
    options.onSpawn?.(child as unknown as { stdio: (Readable | null | undefined)[]; kill(): boolean });
  });
}

/** The report a Deno or Bun run printed, or an error carrying the process output. */
export function reportFrom(outcome: ProcessOutcome, runtime: string): RuntimeReport {
  const line = outcome.stdout.split('\n').find((text) => text.startsWith('TANDEM_REPORT '));
  if (line === undefined) {
    throw new Error(`${runtime} printed no report (exit ${String(outcome.code)}${outcome.signal ? `, ${outcome.signal}` : ''}).\nstdout:\n${outcome.stdout}\nstderr:\n${outcome.stderr}`);
  }
  return JSON.parse(line.slice('TANDEM_REPORT '.length)) as RuntimeReport;
}

/** What the program's entry answers in every runtime. */
export type RuntimeReport = { readonly ok: true; readonly report: ProgramReport } | { readonly ok: false; readonly error: string };
