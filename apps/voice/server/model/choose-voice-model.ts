import { registerProvider, resolveBidiModel, type ProviderPlugin } from '@tandem/core';
import type { BidiModel } from '@tandem/core/spec';
import { DemoVoiceModel } from '../demo/demo-voice-model.js';
import { findSpeechSynthesizer } from '../speech/find-speech-synthesizer.js';
import { VoiceConfigError } from '../voice-config-error.js';

/** The model the server gives every conversation, and how to show it on the page. */
export interface VoiceModelChoice {
  readonly model: BidiModel;
  /** `provider:model-id`, or `demo` */
  readonly id: string;
  /** For the page and the console. */
  readonly label: string;
  readonly offlineDemo: boolean;
  /** Why this model, for the console. */
  readonly reason: string;
}

/** The realtime providers, in the order a key in the environment picks them. */
const PROVIDERS: readonly { readonly name: string; load(): Promise<ProviderPlugin<never>> }[] = [
  { name: 'openai', load: async () => (await import('@tandem/providers-openai')).providerPlugin },
  { name: 'google', load: async () => (await import('@tandem/providers-google')).providerPlugin },
  { name: 'bedrock', load: async () => (await import('@tandem/providers-bedrock')).providerPlugin },
];

/**
 * Picks the realtime model: `VOICE_MODEL` (`provider:model-id`, a provider name for its default realtime
 * model, or `demo`); else the first of OpenAI Realtime, Gemini Live and Nova Sonic whose key is set (an
 * empty variable counts as unset); else the offline demo model. Keys stay in this process: providers
 * read them from the environment.
 *
 * @throws VoiceConfigError for a `VOICE_MODEL` that names an unknown provider or a malformed id.
 */
export async function chooseVoiceModel(env: NodeJS.ProcessEnv = process.env): Promise<VoiceModelChoice> {
  const wanted = env.VOICE_MODEL?.trim() ?? '';
  if (wanted === 'demo') return demo(env, 'VOICE_MODEL=demo');
  if (wanted !== '') {
    const colon = wanted.indexOf(':');
    const name = colon < 0 ? wanted : wanted.slice(0, colon);
    const provider = PROVIDERS.find((candidate) => candidate.name === name);
    if (provider === undefined) {
      throw new VoiceConfigError(`VOICE_MODEL="${wanted}": unknown provider "${name}"; use openai, google, bedrock (e.g. openai:gpt-realtime) or demo.`);
    }
    const plugin = await provider.load();
    const modelId = colon < 0 ? plugin.defaultBidiModel : wanted.slice(colon + 1);
    if (modelId === undefined || modelId === '') throw new VoiceConfigError(`VOICE_MODEL="${wanted}": give a model id after the colon, e.g. ${name}:<model-id>.`);
    return vendor(plugin, modelId, 'from VOICE_MODEL');
  }
  for (const provider of PROVIDERS) {
    const plugin = await provider.load();
    const key = plugin.env.apiKey.find((variable) => (env[variable] ?? '') !== '');
    if (key !== undefined && plugin.defaultBidiModel !== undefined) return vendor(plugin, plugin.defaultBidiModel, `${key} is set`);
  }
  return demo(env, 'no key for OpenAI, Google or Bedrock is set');
}

function vendor(plugin: ProviderPlugin<never>, modelId: string, reason: string): VoiceModelChoice {
  registerProvider(plugin.name, plugin.create());
  const id = `${plugin.name}:${modelId}`;
  return { model: resolveBidiModel(id), id, label: id, offlineDemo: false, reason };
}

async function demo(env: NodeJS.ProcessEnv, reason: string): Promise<VoiceModelChoice> {
  const model = new DemoVoiceModel({ synthesizer: await findSpeechSynthesizer(env) });
  return { model, id: 'demo', label: `Offline demo model (rule-based, speech by ${model.speech})`, offlineDemo: true, reason };
}
