import { pathToFileURL } from 'node:url';
import type { Tool } from '@tandem/core';
import { CliError } from '../errors/cli-error.js';

/**
 * Imports an ES module and returns the tools it exports: every export that is a tool, or an array of
 * tools (the default export included). Other exports are ignored.
 *
 * @throws CliError (`startup`, exit 4) when the module cannot be imported, takes longer than
 * `TANDEM_STARTUP_TIMEOUT_MS` (default 30 s) to load, or exports no tool.
 */
export async function loadToolModule(path: string, options: { readonly timeoutMs?: number } = {}): Promise<Tool[]> {
  const timeoutMs = options.timeoutMs ?? startupTimeoutMs();
  let module: Record<string, unknown>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A module whose top-level await never settles would otherwise leave nothing to wait on: the process
  // would end quietly with exit code 0. The timer keeps it alive and turns the hang into exit 4.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CliError('startup', `Tool module ${path} did not finish loading within ${String(timeoutMs)} ms (a top-level await that never settles?). Set ${STARTUP_TIMEOUT_VARIABLE} to wait longer.`)),
      timeoutMs,
    );
  });
  try {
    module = (await Promise.race([import(pathToFileURL(path).href), timeout])) as Record<string, unknown>;
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    throw new CliError('startup', `Tool module ${path} failed to load: ${(error as Error).message}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  const tools: Tool[] = [];
  for (const value of Object.values(module)) {
    if (isTool(value)) tools.push(value);
    else if (Array.isArray(value) && value.length > 0 && value.every(isTool)) tools.push(...value);
  }
  const unique = [...new Set(tools)];
  if (unique.length === 0) {
    throw new CliError('startup', `Tool module ${path} exports no tools: export tools made with tool() from @tandem/tools (or an array of them).`);
  }
  return unique;
}

/** The environment variable that sets how long a tool module may take to load (milliseconds). */
export const STARTUP_TIMEOUT_VARIABLE = 'TANDEM_STARTUP_TIMEOUT_MS';
const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;

/** How long a tool module may take to load: `TANDEM_STARTUP_TIMEOUT_MS`, else 30 s. @example `startupTimeoutMs({ TANDEM_STARTUP_TIMEOUT_MS: '500' })` */
export function startupTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[STARTUP_TIMEOUT_VARIABLE]);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_STARTUP_TIMEOUT_MS;
}

/** True for a function tool (`{ kind: 'function', name, spec }`) or a provider tool. @example `isTool(weather)` */
export function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { kind?: unknown; name?: unknown; spec?: unknown; id?: unknown };
  if (candidate.kind === 'function') return typeof candidate.name === 'string' && typeof candidate.spec === 'object' && candidate.spec !== null;
  return candidate.kind === 'provider' && typeof candidate.id === 'string' && typeof candidate.name === 'string';
}
