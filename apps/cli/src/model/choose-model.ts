import { InvalidModelIdError, NoSuchProviderError, resolveBidiModel, resolveModel } from '@tandem/core';
import type { BidiModel, LanguageModel } from '@tandem/core/spec';
import type { LoadedConfig } from '../config/load-config.js';
import { CliError } from '../errors/cli-error.js';
import { KNOWN_PROVIDERS, setVariables } from '../providers/known-providers.js';
import type { ProviderCatalog, RegisteredProvider } from '../providers/provider-catalog.js';
import { ollamaHost, probeOllama } from './probe-ollama.js';

/** The model an invocation uses, and why. */
export interface ModelChoice<Model> {
  /** `provider:model-id` */
  readonly id: string;
  readonly model: Model;
  /** Why this model, for the banner: `--model`, the config file, a key that is set, … */
  readonly reason: string;
  /** True for the offline demo model. */
  readonly isDemo: boolean;
}

/** What {@link chooseModel} looks at. */
export interface ModelChoiceInput {
  /** `--model` */
  readonly flag?: string;
  readonly config: LoadedConfig;
  readonly providers: ProviderCatalog;
  readonly env?: NodeJS.ProcessEnv;
  /** Force the offline demo model (`tandem demo`). */
  readonly demo?: boolean;
}

/**
 * Picks the text model: `--model`; else the config's `model`; else the first provider whose key is set
 * (OpenAI, Anthropic, Google, Bedrock); else a reachable Ollama at `OLLAMA_HOST`; else the offline demo
 * model. `provider` alone means that provider's default model.
 *
 * @throws CliError (`usage`) for a malformed id or a provider that is neither configured nor shipped.
 */
export async function chooseModel(input: ModelChoiceInput): Promise<ModelChoice<LanguageModel>> {
  const env = input.env ?? process.env;
  if (input.demo === true) return named('demo', 'tandem demo always uses it', input.providers, 'language');
  if (input.flag !== undefined) return named(input.flag, 'from --model', input.providers, 'language');
  if (input.config.model !== undefined) return named(input.config.model, `from ${input.config.file ?? 'the config'}`, input.providers, 'language');
  for (const known of KNOWN_PROVIDERS.filter((provider) => provider.pickedByKey)) {
    const set = setVariables(known.keyVariables, env);
    if (set.length > 0) return named(known.name, `${set[0] ?? ''} is set`, input.providers, 'language');
  }
  const host = ollamaHost(env);
  const ollama = await probeOllama(host);
  if (ollama !== undefined && ollama.models.length > 0) {
    const provider = await input.providers.get('ollama');
    const preferred = provider?.plugin.defaultModel ?? '';
    const model = ollama.models.find((name) => name === preferred || name === `${preferred}:latest`) ?? (ollama.models[0] as string);
    return named(`ollama:${model}`, `Ollama is running at ${host}`, input.providers, 'language');
  }
  const reason = ollama === undefined ? 'no key found and no Ollama running' : `no key found, and Ollama at ${host} has no models`;
  return named('demo', reason, input.providers, 'language');
}

/**
 * Picks the realtime model for `tandem voice`: `--model`; else the realtime model of the config model's
 * provider; else of the first provider whose key is set and that has realtime models; else the offline
 * demo model.
 */
export async function chooseBidiModel(input: ModelChoiceInput): Promise<ModelChoice<BidiModel>> {
  const env = input.env ?? process.env;
  if (input.demo === true) return named('demo', 'the offline demo', input.providers, 'bidi');
  if (input.flag !== undefined) return named(input.flag, 'from --model', input.providers, 'bidi');
  if (input.config.model !== undefined) {
    const provider = await input.providers.get(splitId(input.config.model).provider);
    if (provider?.plugin.defaultBidiModel !== undefined) return named(provider.name, `from ${input.config.file ?? 'the config'}`, input.providers, 'bidi');
  }
  for (const known of KNOWN_PROVIDERS.filter((provider) => provider.pickedByKey)) {
    const set = setVariables(known.keyVariables, env);
    if (set.length === 0) continue;
    const provider = await input.providers.get(known.name);
    if (provider?.plugin.defaultBidiModel !== undefined) return named(known.name, `${set[0] ?? ''} is set`, input.providers, 'bidi');
  }
  return named('demo', 'no key for a provider with realtime models', input.providers, 'bidi');
}

async function named(value: string, reason: string, providers: ProviderCatalog, kind: 'language'): Promise<ModelChoice<LanguageModel>>;
async function named(value: string, reason: string, providers: ProviderCatalog, kind: 'bidi'): Promise<ModelChoice<BidiModel>>;
async function named(value: string, reason: string, providers: ProviderCatalog, kind: 'language' | 'bidi'): Promise<ModelChoice<LanguageModel | BidiModel>> {
  const { provider: name, modelId } = splitId(value);
  const provider = await loadProvider(name, providers);
  const defaultId = kind === 'bidi' ? provider.plugin.defaultBidiModel : provider.plugin.defaultModel;
  if (modelId === undefined && defaultId === undefined) {
    throw new CliError('usage', `Provider "${name}" has no realtime models; choose another with --model provider:model-id.`);
  }
  const id = `${name}:${modelId ?? defaultId ?? ''}`;
  try {
    const model = kind === 'bidi' ? resolveBidiModel(id) : resolveModel(id);
    return { id, model, reason, isDemo: name === 'demo' };
  } catch (error) {
    if (InvalidModelIdError.isInstance(error) || NoSuchProviderError.isInstance(error) || error instanceof TypeError) {
      throw new CliError('usage', error.message, { cause: error });
    }
    throw error;
  }
}

async function loadProvider(name: string, providers: ProviderCatalog): Promise<RegisteredProvider> {
  let provider: RegisteredProvider | undefined;
  try {
    provider = await providers.get(name);
  } catch (error) {
    throw new CliError('usage', `Provider "${name}" cannot be loaded: ${(error as Error).message}`, { cause: error });
  }
  if (provider === undefined) {
    throw new CliError(
      'usage',
      `Unknown provider "${name}" (available: ${providers.names.join(', ')}). Add its package to "providers" in tandem.config.json.`,
    );
  }
  return provider;
}

/** `openai:gpt-5` → `{ provider: 'openai', modelId: 'gpt-5' }`; `openai` → no model id. */
export function splitId(value: string): { provider: string; modelId?: string } {
  const colon = value.indexOf(':');
  if (colon === -1) return { provider: value };
  const modelId = value.slice(colon + 1);
  return { provider: value.slice(0, colon), ...(modelId === '' ? {} : { modelId }) };
}
