import type { ProviderPlugin } from '@tandem/core';
import { loadConfig } from '../config/load-config.js';
import { demoProviderPlugin } from '../demo-model/demo-provider-plugin.js';
import type { ExitCode } from '../errors/exit-code.js';
import { chooseModel } from '../model/choose-model.js';
import type { GlobalOptions } from '../options.js';
import { painter, useColor } from '../output/color.js';
import { KNOWN_PROVIDERS, setVariables } from '../providers/known-providers.js';
import { ProviderCatalog } from '../providers/provider-catalog.js';

/** One provider as `tandem providers --json` prints it — whether keys are set, never their values. */
export interface ProviderListing {
  readonly name: string;
  readonly package: string;
  readonly description: string;
  readonly defaultModel: string;
  readonly defaultBidiModel?: string;
  /** Each key variable and whether it is set (non-empty). */
  readonly keys: Readonly<Record<string, 'set' | 'unset'>>;
  readonly loaded: boolean;
  readonly error?: string;
}

/**
 * `tandem providers`: the providers the CLI ships with and those of the config, whether each one's key
 * variables are set (never their values), their default models, and which model would be used now.
 */
export async function providersCommand(options: GlobalOptions & { readonly json?: boolean }): Promise<ExitCode> {
  const config = loadConfig({ cwd: process.cwd(), file: options.config });
  const providers = await ProviderCatalog.fromConfig(config);
  const names = [...KNOWN_PROVIDERS.map((known) => known.name), ...providers.all.map((entry) => entry.name).filter((name) => name !== demoProviderPlugin.name)];
  const listings: ProviderListing[] = [];
  for (const name of [...new Set(names)]) {
    try {
      const entry = await providers.get(name);
      if (entry !== undefined) listings.push(listing(entry.name, entry.source, entry.plugin));
    } catch (error) {
      const known = KNOWN_PROVIDERS.find((provider) => provider.name === name);
      listings.push({ name, package: known?.package ?? name, description: '', defaultModel: '', keys: keys(known?.keyVariables ?? []), loaded: false, error: (error as Error).message });
    }
  }
  listings.push(listing(demoProviderPlugin.name, 'built in', demoProviderPlugin));
  const choice = await chooseModel({ flag: options.model, config, providers });
  if (options.json === true) {
    process.stdout.write(`${JSON.stringify({ providers: listings, model: { id: choice.id, reason: choice.reason } }, null, 2)}\n`);
    return 0;
  }
  const paint = painter(useColor(process.stdout, options));
  for (const provider of listings) {
    const keyText = Object.keys(provider.keys).length === 0
      ? paint('dim', 'no key needed')
      : Object.entries(provider.keys).map(([variable, state]) => `${variable} ${state === 'set' ? paint('green', 'set') : paint('dim', 'unset')}`).join(', ');
    const model = provider.defaultModel === '' ? '' : `default ${provider.name}:${provider.defaultModel}${provider.defaultBidiModel === undefined ? '' : ` (realtime ${provider.defaultBidiModel})`}`;
    process.stdout.write(`${paint('bold', provider.name.padEnd(10))} ${provider.package.padEnd(28)} ${model}\n`);
    process.stdout.write(`${' '.repeat(11)}${provider.error === undefined ? keyText : paint('red', `not loaded: ${provider.error}`)}\n`);
  }
  process.stdout.write(`\nWithout --model: the config's model, else the first provider with a key (openai, anthropic, google, bedrock), else Ollama if it runs, else the offline demo model.\n`);
  process.stdout.write(`Now: ${paint('bold', choice.id)} (${choice.reason})\n`);
  return 0;
}

function listing(name: string, source: string, plugin: ProviderPlugin): ProviderListing {
  return {
    name,
    package: source,
    description: plugin.description,
    defaultModel: plugin.defaultModel,
    ...(plugin.defaultBidiModel === undefined ? {} : { defaultBidiModel: plugin.defaultBidiModel }),
    keys: keys(plugin.env.apiKey),
    loaded: true,
  };
}

function keys(variables: readonly string[]): Record<string, 'set' | 'unset'> {
  const set = setVariables(variables);
  return Object.fromEntries(variables.map((variable) => [variable, set.includes(variable) ? 'set' : 'unset']));
}
