import { pathToFileURL } from 'node:url';
import type { Tool } from '@tandem/core';
import { CliError } from '../errors/cli-error.js';

/**
 * Imports an ES module and returns the tools it exports: every export that is a tool, or an array of
 * tools (the default export included). Other exports are ignored.
 *
 * @throws CliError (`startup`, exit 4) when the module cannot be imported or exports no tool.
 */
export async function loadToolModule(path: string): Promise<Tool[]> {
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CliError('startup', `Tool module ${path} failed to load: ${(error as Error).message}`, { cause: error });
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

/** True for a function tool (`{ kind: 'function', name, description, inputSchema }`, or the older `spec` shape) or a provider tool. @example `isTool(weather)` */
export function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { kind?: unknown; name?: unknown; inputSchema?: unknown; spec?: unknown; id?: unknown };
  if (candidate.kind === 'function') {
    const schema = candidate.inputSchema ?? candidate.spec;
    return typeof candidate.name === 'string' && typeof schema === 'object' && schema !== null;
  }
  return candidate.kind === 'provider' && typeof candidate.id === 'string' && typeof candidate.name === 'string';
}
