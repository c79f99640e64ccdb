import type { ProviderFactory, ProviderPlugin } from '@tandem/core';
import { createGateway, type GatewayProviderSettings } from './gateway-provider.js';

/**
 * The gateway plugin for tools that load providers by package name (the `tandem` CLI's `providers`
 * config): registers as `gateway`, with any model of an OpenAI-compatible AI gateway (`openai/gpt-5`, …).
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { providerPlugin } from '@tandem/providers-gateway';
 *
 * registerProvider('corp', providerPlugin.create({ baseURL: 'https://gateway.internal.example/v1' }));
 * ```
 *
 * @category Provider
 */
export const providerPlugin: ProviderPlugin<GatewayProviderSettings> = {
  name: 'gateway',
  description: 'AI gateway: models of many vendors through one OpenAI-compatible API',
  create(options?: GatewayProviderSettings): ProviderFactory {
    const provider = createGateway(options);
    return (modelId: string) => provider(modelId);
  },
  env: { apiKey: ['TANDEM_GATEWAY_API_KEY', 'AI_GATEWAY_API_KEY'] },
  defaultModel: 'openai/gpt-5-mini',
};
