import type { ProviderFactory } from './provider-registry.js';

/**
 * What a provider package exports as `providerPlugin`, so tools that load providers by package name
 * (the `tandem` CLI's `providers` config, the voice app) can register it and pick a default model
 * without knowing the package.
 *
 * @example
 * ```ts
 * import { providerPlugin } from '@tandem/providers-openai';
 * registerProvider(providerPlugin.name, providerPlugin.create({ baseURL: 'http://127.0.0.1:8000/v1' }));
 * ```
 *
 * @category Provider registry
 */
export interface ProviderPlugin<Options = Record<string, unknown>> {
  /** The name it registers under by default, e.g. `openai` (so models are `openai:<id>`). */
  readonly name: string;
  /** A one-line description for listings. */
  readonly description: string;
  /** Makes the provider with these settings (API key, base URL, …); without options, from the environment. */
  create(options?: Options): ProviderFactory;
  /**
   * Environment variables that configure it: any one of `apiKey` set (non-empty) means the provider can be
   * used without options. Empty for providers that need no key (a local server).
   */
  readonly env: { readonly apiKey: readonly string[] };
  /** The model a tool uses when the user names only the provider. */
  readonly defaultModel: string;
  /** The realtime model to use by default, for providers that have them. */
  readonly defaultBidiModel?: string;
}
