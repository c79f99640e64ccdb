// Runs the built `tandem` binary as a user would: a child process with its own environment.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** The built CLI (turbo builds it before `test`). */
export const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
/** The tool module of the tests (slow_search, quick_echo). */
export const TEST_TOOLS = fileURLToPath(new URL('./test-tools.mjs', import.meta.url));
/** Entry script of the real `@modelcontextprotocol/server-everything` (a dev dependency; nothing is fetched). */
export const EVERYTHING_ENTRY = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** Throws, saying what to do, when the CLI has not been built. */
export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build the CLI first (npx -y pnpm@12.4.2 turbo run build --filter=@tandem/cli...).`);
}

/**
 * The environment of a CLI run: this one without provider keys, color settings, OpenTelemetry variables
 * and a graphical display (no browser opens), with an Ollama address nothing listens on — so the model
 * choice is the demo model unless a test says otherwise — and a tandem home folder in a temporary
 * directory (never the user's ~/.tandem).
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/(_API_KEY|^AWS_|^NO_COLOR$|^FORCE_COLOR$|^OLLAMA_|^TANDEM_|^OTEL_|^DISPLAY$|^WAYLAND_DISPLAY$)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, OLLAMA_HOST: '127.0.0.1:9', TANDEM_HOME: inject('tandemHome'), ...extra };
}

/** What a run of the CLI produced. */
export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link runCli}. */
export interface RunCliOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Written to stdin, which is then closed (default: stdin is closed at once). */
  readonly input?: string;
  /** Called with the child once it runs (e.g. to send it a signal). */
  readonly onSpawn?: (child: ReturnType<typeof spawn>) => void;
  /** Kill the child after this long (default 60 s). */
  readonly timeoutMs?: number;
}

/** Runs `tandem <args>` to completion. */
export function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: options.env ?? cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    options.onSpawn?.(child);
  });
}

/** Polls `check` every 50 ms until it returns a value, failing after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The lines of a file, or [] while it does not exist. */
export function fileLines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
}

// eslint-disable-next-line no-control-regex
export const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/;
