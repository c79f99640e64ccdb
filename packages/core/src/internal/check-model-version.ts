import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import { UnsupportedModelVersionError } from '../spec/errors/unsupported-model-version-error.js';

/** Throws `UnsupportedModelVersionError` unless `model` implements a spec version core supports. @internal */
export function checkModelVersion(model: LanguageModelV1): void {
  const version: unknown = (model as { specificationVersion?: unknown }).specificationVersion;
  if (version !== 'v1') {
    throw new UnsupportedModelVersionError({ version, provider: String(model.provider), modelId: String(model.modelId) });
  }
}
