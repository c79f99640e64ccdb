import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProviderPlugin } from '@tandem/core';

/**
 * Imports a provider package (or module path) and returns its `providerPlugin` export. A package name is
 * resolved from `fromDir` first (the project that configured it), then from the CLI's own dependencies.
 *
 * @throws Error saying what is wrong: the package cannot be found or loaded, or has no valid `providerPlugin`.
 */
export async function loadProviderPlugin(specifier: string, fromDir: string): Promise<ProviderPlugin> {
  let module: { providerPlugin?: unknown };
  try {
    module = (await import(locate(specifier, fromDir))) as { providerPlugin?: unknown };
  } catch (error) {
    throw new Error(`cannot load "${specifier}": ${(error as Error).message}. Install it (npm install ${specifier}) in ${fromDir}.`, {
      cause: error,
    });
  }
  const plugin = module.providerPlugin;
  if (!isProviderPlugin(plugin)) {
    throw new Error(`"${specifier}" has no valid providerPlugin export (a { name, create(), env, defaultModel } object); is it a Tandem provider package?`);
  }
  return plugin;
}

function locate(specifier: string, fromDir: string): string {
  if (isAbsolute(specifier)) return pathToFileURL(specifier).href;
  try {
    return pathToFileURL(createRequire(join(fromDir, 'package.json')).resolve(specifier)).href;
  } catch {
    return specifier; // the CLI's own copy, if it has one
  }
}

function isProviderPlugin(value: unknown): value is ProviderPlugin {
  if (typeof value !== 'object' || value === null) return false;
  const plugin = value as Partial<ProviderPlugin>;
  return (
    typeof plugin.name === 'string' &&
    typeof plugin.create === 'function' &&
    typeof plugin.defaultModel === 'string' &&
    Array.isArray(plugin.env?.apiKey)
  );
}
