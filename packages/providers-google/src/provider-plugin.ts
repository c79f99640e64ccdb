import type { ProviderFactory, ProviderPlugin } from '@tandem/core';
import { createGoogleGenerativeAI, type GoogleProviderSettings } from './google-provider.js';

/**
 * The Google plugin for tools that load providers by package name (the `tandem` CLI's `providers`
 * config): registers as `google`, with Gemini models on the Gemini Developer API and `bidi()` Gemini Live
 * realtime models.
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { providerPlugin } from '@tandem/providers-google';
 *
 * registerProvider(providerPlugin.name, providerPlugin.create({ apiKey: process.env.MY_GEMINI_KEY }));
 * ```
 *
 * @category Provider
 */
export const providerPlugin: ProviderPlugin<GoogleProviderSettings> = {
  name: 'google',
  description: 'Google: Gemini models on the Gemini Developer API and Gemini Live voice models',
  create(options?: GoogleProviderSettings): ProviderFactory {
    const provider = createGoogleGenerativeAI(options);
    return Object.assign((modelId: string) => provider(modelId), { bidi: (modelId: string) => provider.live(modelId) });
  },
  env: { apiKey: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'] },
  defaultModel: 'gemini-2.5-flash',
  defaultBidiModel: 'gemini-2.5-flash-native-audio-preview-12-2025',
};
