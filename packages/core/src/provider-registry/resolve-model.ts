import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import { checkModelVersion } from './assert-model-version.js';
import { NoSuchProviderError } from './no-such-provider-error.js';
import { providerRegistry, registeredProviders } from './provider-registry.js';
import { splitModelId } from './split-model-id.js';

/**
 * Builds a model from a `provider:model-id` string using the factories given to
 * {@link registerProvider}. Only the first colon separates the two, so model ids may contain colons
 * (`ollama:llama3.2:3b`).
 *
 * @throws `InvalidModelIdError` when the string has no colon or an empty side.
 * @throws {@link NoSuchProviderError} when no provider of that name is registered (it lists those that are).
 * @throws `UnsupportedModelVersionError` when the factory returns a model of an unknown specification version.
 *
 * @example
 * ```ts
 * registerProvider('openai', (id) => openai(id));
 * const model = resolveModel('openai:gpt-5');
 * ```
 *
 * @category Provider registry
 */
export function resolveModel(value: string): LanguageModel {
  const { providerName, modelId } = splitModelId(value);
  const factory = providerRegistry().get(providerName);
  if (factory === undefined) {
    throw new NoSuchProviderError({ providerName, availableProviders: registeredProviders() });
  }
  return checkModelVersion(factory(modelId));
}
