import type { ProviderFactory, ProviderPlugin } from '@tandem/core';
import { createOpenAI, type OpenAIProviderSettings } from './openai-provider.js';

/**
 * The OpenAI plugin for tools that load providers by package name (the `tandem` CLI's `providers`
 * config): registers as `openai`, with Responses API models and `bidi()` Realtime models.
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { providerPlugin } from '@tandem/providers-openai';
 *
 * registerProvider('local', providerPlugin.create({ baseURL: 'http://127.0.0.1:8000/v1' }));
 * ```
 *
 * @category Provider
 */
export const providerPlugin: ProviderPlugin<OpenAIProviderSettings> = {
  name: 'openai',
  description: 'OpenAI: Responses API models and Realtime voice models',
  create(options?: OpenAIProviderSettings): ProviderFactory {
    const provider = createOpenAI(options);
    return Object.assign((modelId: string) => provider(modelId), { bidi: (modelId: string) => provider.realtime(modelId) });
  },
  env: { apiKey: ['OPENAI_API_KEY'] },
  defaultModel: 'gpt-5-mini',
  defaultBidiModel: 'gpt-realtime',
};
