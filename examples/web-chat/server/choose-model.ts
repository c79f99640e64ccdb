import { registerProvider, resolveModel, type ProviderPlugin } from '@tandem/core';
import type { LanguageModel } from '@tandem/core/spec';
import { demoModel } from '@tandem/cli/demo-model';

/** The model the server answers with, and how the page names it. */
export interface ModelChoice {
  readonly model: LanguageModel;
  readonly label: string;
}

/** Text providers in the order a key in the environment picks them (as the `tandem` CLI does). */
const PROVIDERS: readonly (() => Promise<ProviderPlugin<never>>)[] = [
  async () => (await import('@tandem/providers-openai')).providerPlugin,
  async () => (await import('@tandem/providers-anthropic')).providerPlugin,
  async () => (await import('@tandem/providers-google')).providerPlugin,
];

/**
 * The first provider whose key is set (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GOOGLE_GENERATIVE_AI_API_KEY` /
 * `GEMINI_API_KEY`; an empty variable counts as unset) with its default model; else the offline demo model of the
 * CLI, which calls the tools a prompt names. Keys stay in this process.
 */
export async function chooseModel(env: NodeJS.ProcessEnv = process.env): Promise<ModelChoice> {
  for (const load of PROVIDERS) {
    const plugin = await load();
    const key = plugin.env.apiKey.find((variable) => (env[variable] ?? '') !== '');
    if (key === undefined) continue;
    registerProvider(plugin.name, plugin.create());
    const id = `${plugin.name}:${plugin.defaultModel}`;
    return { model: resolveModel(id), label: `${id} (${key} is set)` };
  }
  return { model: demoModel(), label: 'Offline demo model (rule-based: name a tool to call it)' };
}
