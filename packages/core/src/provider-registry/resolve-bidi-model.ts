import type { BidiModel } from '../spec/bidi-model/v1/bidi-model-v1.js';
import { UnsupportedModelVersionError } from '../spec/errors/unsupported-model-version-error.js';
import { NoSuchProviderError } from './no-such-provider-error.js';
import { providerRegistry, registeredProviders } from './provider-registry.js';
import { splitModelId } from './split-model-id.js';

/**
 * Builds a realtime (bidirectional) model from a `provider:model-id` string, through the `bidi()` of the
 * factory registered with `registerProvider`.
 *
 * @throws `InvalidModelIdError` for a string that is not `provider:model-id`.
 * @throws {@link NoSuchProviderError} when the provider is not registered.
 * @throws TypeError when the provider has no realtime models.
 *
 * @example
 * ```ts
 * registerProvider('openai', openai);
 * const model = resolveBidiModel('openai:gpt-realtime');
 * ```
 *
 * @category Provider registry
 */
export function resolveBidiModel(value: string): BidiModel {
  const { providerName, modelId } = splitModelId(value);
  const factory = providerRegistry().get(providerName);
  if (factory === undefined) throw new NoSuchProviderError({ providerName, availableProviders: registeredProviders() });
  if (typeof factory.bidi !== 'function') {
    throw new TypeError(
      `Provider "${providerName}" has no realtime (bidi) models: its registered factory has no bidi(modelId). Register a factory with bidi(), e.g. registerProvider('openai', openai).`,
    );
  }
  const model = factory.bidi(modelId);
  const version: unknown = (model as { specificationVersion?: unknown }).specificationVersion;
  if (version !== 'v1') throw new UnsupportedModelVersionError({ version, provider: String(model.provider), modelId: String(model.modelId) });
  return model;
}
