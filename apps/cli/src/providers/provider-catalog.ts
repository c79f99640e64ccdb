import { registerProvider, type ProviderPlugin } from '@tandem/core';
import type { LoadedConfig } from '../config/load-config.js';
import { demoProviderPlugin } from '../demo-model/demo-provider-plugin.js';
import { CliError } from '../errors/cli-error.js';
import { KNOWN_PROVIDERS } from './known-providers.js';
import { loadProviderPlugin } from './load-provider-plugin.js';

/** A provider registered by the CLI, with where it came from. */
export interface RegisteredProvider {
  readonly name: string;
  readonly plugin: ProviderPlugin;
  /** The package (or module path) it was loaded from; `builtin` for the demo model. */
  readonly source: string;
}

/**
 * The providers this invocation can use: the offline demo model, the config's `providers` entries, and —
 * loaded on first use — the provider packages the CLI ships with.
 */
export class ProviderCatalog {
  private readonly registered = new Map<string, RegisteredProvider>();

  private constructor(private readonly dir: string) {}

  /**
   * Registers the demo model and every `providers` entry of the config.
   * @throws CliError (`config`) naming the entry that cannot be loaded.
   */
  static async fromConfig(config: LoadedConfig): Promise<ProviderCatalog> {
    const catalog = new ProviderCatalog(config.dir);
    catalog.add(demoProviderPlugin.name, demoProviderPlugin, 'builtin', undefined);
    const where = config.file ?? 'the config';
    const plugins = await Promise.all(
      config.providers.map(async (entry, index) => {
        try {
          return await loadProviderPlugin(entry.package, config.dir);
        } catch (error) {
          throw new CliError('config', `Invalid config ${where}: providers[${String(index)}]: ${(error as Error).message}`, { cause: error });
        }
      }),
    );
    config.providers.forEach((entry, index) => {
      const plugin = plugins[index] as ProviderPlugin;
      catalog.add(entry.name ?? plugin.name, plugin, entry.package, entry.options);
    });
    return catalog;
  }

  /** Every provider registered so far. */
  get all(): readonly RegisteredProvider[] {
    return [...this.registered.values()];
  }

  /**
   * The provider registered as `name`, loading one of the CLI's own provider packages on first use.
   * Undefined for a name that is neither registered nor shipped with the CLI.
   */
  async get(name: string): Promise<RegisteredProvider | undefined> {
    const existing = this.registered.get(name);
    if (existing !== undefined) return existing;
    const known = KNOWN_PROVIDERS.find((provider) => provider.name === name);
    if (known === undefined) return undefined;
    const plugin = await loadProviderPlugin(known.package, this.dir);
    return this.add(name, plugin, known.package, undefined);
  }

  /** The names that `get()` accepts. */
  get names(): string[] {
    return [...new Set([...this.registered.keys(), ...KNOWN_PROVIDERS.map((provider) => provider.name)])].sort();
  }

  private add(name: string, plugin: ProviderPlugin, source: string, options: Record<string, unknown> | undefined): RegisteredProvider {
    let factory;
    try {
      factory = plugin.create(options);
    } catch (error) {
      throw new CliError('config', `Provider "${name}" (${source}) rejected its options: ${(error as Error).message}`, { cause: error });
    }
    registerProvider(name, factory);
    const entry = { name, plugin, source };
    this.registered.set(name, entry);
    return entry;
  }
}
