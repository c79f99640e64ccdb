import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import { checkModelVersion } from './assert-model-version.js';
import { InvalidModelIdError } from './invalid-model-id-error.js';
import { NoSuchProviderError } from './no-such-provider-error.js';
import { providerRegistry, registeredProviders } from './provider-registry.js';

/**
 * Builds a model from a `provider:model-id` string using the factories given to
 * {@link registerProvider}. Only the first colon separates the two, so model ids may contain colons
 * (`ollama:llama3.2:3b`).
 *
 * @throws {@link InvalidModelIdError} when the string has no colon or an empty side.
 * @throws {@link NoSuchProviderError} when no provider of that name is registered (it lists those that are).
 * @throws `UnsupportedModelVersionError` when the factory returns a model of an unknown specification version.
 *
 * @example
 * ```ts
 * registerProvider('openai', (id) => openai(id));
 * const model = resolveModel('openai:gpt-5');
 * ```
 */
export function resolveModel(value: string): LanguageModel {
  const colon = value.indexOf(':');
  if (colon === -1) throw new InvalidModelIdError({ value, reason: 'it has no provider prefix' });
  const providerName = value.slice(0, colon).trim();
  const modelId = value.slice(colon + 1).trim();
  if (providerName === '') throw new InvalidModelIdError({ value, reason: 'the provider name is empty' });
  if (modelId === '') throw new InvalidModelIdError({ value, reason: 'the model id is empty' });
  const factory = providerRegistry().get(providerName);
  if (factory === undefined) {
    throw new NoSuchProviderError({ providerName, availableProviders: registeredProviders() });
  }
  return checkModelVersion(factory(modelId));
}
