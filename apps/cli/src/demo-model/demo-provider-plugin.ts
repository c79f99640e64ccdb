import type { ProviderFactory, ProviderPlugin } from '@tandem/core';
import { demoBidiModel } from './demo-bidi-model.js';
import { DEMO_PROVIDER, demoModel } from './demo-model.js';

/** The offline demo model as a provider, so `--model demo` (or `demo:offline`) and `/model demo` pick it. */
export const demoProviderPlugin: ProviderPlugin<Record<string, never>> = {
  name: DEMO_PROVIDER,
  description: 'The offline demo model: deterministic rules, no key, no network (a teaching model, not an LLM)',
  create(): ProviderFactory {
    return Object.assign((modelId: string) => demoModel({ modelId }), { bidi: (modelId: string) => demoBidiModel(modelId) });
  },
  env: { apiKey: [] },
  defaultModel: 'offline',
  defaultBidiModel: 'offline',
};
