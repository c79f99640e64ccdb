import type { ProviderFactory, ProviderPlugin } from '@tandem/core';
import { createOllama, type OllamaProviderSettings } from './ollama-provider.js';

/**
 * The Ollama plugin for tools that load providers by package name (the `tandem` CLI's `providers`
 * config): registers as `ollama`, with local models — or, given a `baseURL`, those of any
 * OpenAI-compatible server (vLLM, llama.cpp, LM Studio). Needs no key.
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { providerPlugin } from '@tandem/providers-ollama';
 *
 * registerProvider('lmstudio', providerPlugin.create({ baseURL: 'http://localhost:1234/v1', name: 'lmstudio' }));
 * ```
 *
 * @category Provider
 */
export const providerPlugin: ProviderPlugin<OllamaProviderSettings> = {
  name: 'ollama',
  description: 'Ollama: local models (or any OpenAI-compatible server), no key needed',
  create(options?: OllamaProviderSettings): ProviderFactory {
    const provider = createOllama(options);
    return (modelId: string) => provider(modelId);
  },
  env: { apiKey: [] },
  defaultModel: 'llama3.2',
};
