import type { ProviderFactory, ProviderPlugin } from '@tandem/core';
import { createBedrock, type BedrockProviderSettings } from './bedrock-provider.js';

/**
 * The Amazon Bedrock plugin for tools that load providers by package name (the `tandem` CLI's
 * `providers` config): registers as `bedrock`, with models on the Converse stream API and `bidi()` Nova
 * Sonic realtime models. Usable without options when AWS credentials are in the environment (access key,
 * profile, or a Bedrock API key); the region comes from `AWS_REGION`.
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { providerPlugin } from '@tandem/providers-bedrock';
 *
 * registerProvider(providerPlugin.name, providerPlugin.create({ region: 'eu-central-1' }));
 * ```
 *
 * @category Provider
 */
export const providerPlugin: ProviderPlugin<BedrockProviderSettings> = {
  name: 'bedrock',
  description: 'Amazon Bedrock: models on the Converse stream API and Nova Sonic voice models',
  create(options?: BedrockProviderSettings): ProviderFactory {
    const provider = createBedrock(options);
    return Object.assign((modelId: string) => provider(modelId), { bidi: (modelId: string) => provider.novaSonic(modelId) });
  },
  env: { apiKey: ['AWS_ACCESS_KEY_ID', 'AWS_PROFILE', 'AWS_BEARER_TOKEN_BEDROCK'] },
  defaultModel: 'amazon.nova-pro-v1:0',
  defaultBidiModel: 'amazon.nova-sonic-v1:0',
};
