import type { ProviderFactory, ProviderPlugin } from '@tandem/core';
import { createAnthropic, type AnthropicProviderSettings } from './anthropic-provider.js';

/**
 * The Anthropic plugin for tools that load providers by package name (the `tandem` CLI's `providers`
 * config): registers as `anthropic`, with Claude models on the Messages API.
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { providerPlugin } from '@tandem/providers-anthropic';
 *
 * registerProvider(providerPlugin.name, providerPlugin.create({ maxRetries: 4 }));
 * ```
 *
 * @category Provider
 */
export const providerPlugin: ProviderPlugin<AnthropicProviderSettings> = {
  name: 'anthropic',
  description: 'Anthropic: Claude models on the Messages API',
  create(options?: AnthropicProviderSettings): ProviderFactory {
    const provider = createAnthropic(options);
    return (modelId: string) => provider(modelId);
  },
  env: { apiKey: ['ANTHROPIC_API_KEY'] },
  defaultModel: 'claude-sonnet-4-5',
};
