import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { BidiModel } from '../spec/bidi-model/v1/bidi-model-v1.js';

/**
 * Builds a model of one provider from its model id (the part after the colon in `provider:model-id`).
 * A provider with realtime (bidirectional) models also has `bidi(modelId)`, which
 * `resolveBidiModel('openai:gpt-realtime')` and `new BidiAgent({ model: 'openai:gpt-realtime' })` use.
 *
 * @example
 * ```ts
 * const factory: ProviderFactory = (modelId) => openai(modelId);
 * const withVoice: ProviderFactory = Object.assign((id: string) => openai(id), { bidi: (id: string) => openai.realtime(id) });
 * ```
 *
 * @category Provider registry
 */
export interface ProviderFactory {
  (modelId: string): LanguageModel;
  /** Builds a realtime (bidirectional) model, for providers that have them. */
  bidi?(modelId: string): BidiModel;
}

const REGISTRY_KEY = Symbol.for('tandem.providerRegistry');

type RegistryHolder = { [REGISTRY_KEY]?: Map<string, ProviderFactory> };

/**
 * The process-wide registry. It lives on `globalThis` under a `Symbol.for` key so every copy of
 * `@tandem/core` in an app (e.g. one bundled by a plugin) shares it.
 * @internal
 */
export function providerRegistry(): Map<string, ProviderFactory> {
  const holder = globalThis as RegistryHolder;
  let registry = holder[REGISTRY_KEY];
  if (registry === undefined) {
    registry = new Map();
    holder[REGISTRY_KEY] = registry;
  }
  return registry;
}

const PROVIDER_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/**
 * Registers a model provider under `name`, so `resolveModel('name:model-id')` (and the CLI's `--model`)
 * can build its models. Registering a name again replaces the previous factory.
 *
 * @returns A function that removes this registration (it does nothing if the name was re-registered since).
 *
 * @example
 * ```ts
 * import { registerProvider, resolveModel } from '@tandem/core';
 * import { openai } from '@tandem/providers-openai';
 *
 * registerProvider('openai', (modelId) => openai(modelId));
 * const model = resolveModel('openai:gpt-5');
 * ```
 *
 * @category Provider registry
 */
export function registerProvider(name: string, factory: ProviderFactory): () => void {
  if (!PROVIDER_NAME.test(name)) {
    throw new TypeError(
      `Invalid provider name "${name}": use letters, digits, ".", "_" or "-" (no colon), for example "openai".`,
    );
  }
  if (typeof factory !== 'function') {
    throw new TypeError(`registerProvider('${name}', factory): factory must be a function (modelId) => LanguageModel.`);
  }
  const registry = providerRegistry();
  registry.set(name, factory);
  return () => {
    if (registry.get(name) === factory) registry.delete(name);
  };
}

/**
 * The names of every registered provider, sorted.
 *
 * @example
 * ```ts
 * console.log(registeredProviders()); // ['ollama', 'openai']
 * ```
 *
 * @category Provider registry
 */
export function registeredProviders(): string[] {
  return [...providerRegistry().keys()].sort();
}
