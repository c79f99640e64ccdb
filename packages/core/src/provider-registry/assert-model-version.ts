import { UnsupportedModelVersionError } from '../spec/errors/unsupported-model-version-error.js';
import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';

/** The text-model specification versions this version of core can run. */
const SUPPORTED_VERSIONS: readonly unknown[] = ['v1'];

/**
 * Throws {@link UnsupportedModelVersionError} unless `model` implements a specification version this
 * `@tandem/core` supports (today: `'v1'`). Use it where a model comes from outside your code
 * (plugins, config files).
 *
 * @example
 * ```ts
 * const model: unknown = plugin.createModel('fast-1');
 * assertModelVersion(model);
 * for await (const part of model.stream(request)) { … }
 * ```
 *
 * @category Provider registry
 */
export function assertModelVersion(model: unknown): asserts model is LanguageModel {
  if (typeof model !== 'object' || model === null || typeof (model as { stream?: unknown }).stream !== 'function') {
    throw new TypeError(
      'Expected a LanguageModel (an object with specificationVersion, provider, modelId and stream()); got ' +
        describe(model) +
        '. Check what your provider factory returns.',
    );
  }
  const { specificationVersion, provider, modelId } = model as {
    specificationVersion?: unknown;
    provider?: unknown;
    modelId?: unknown;
  };
  if (!SUPPORTED_VERSIONS.includes(specificationVersion)) {
    throw new UnsupportedModelVersionError({
      version: specificationVersion,
      provider: String(provider),
      modelId: String(modelId),
    });
  }
}

/**
 * Returns `model` typed as a {@link LanguageModel} after the same check as {@link assertModelVersion}.
 *
 * @example
 * ```ts
 * const model = checkModelVersion(await loadPluginModel());
 * ```
 *
 * @category Provider registry
 */
export function checkModelVersion(model: unknown): LanguageModel {
  assertModelVersion(model);
  return model;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object without a stream() method';
  return typeof value;
}
