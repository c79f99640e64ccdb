import { resolveBidiModel, UnsupportedModelVersionError } from '@tandem/core';
import type { BidiModel } from '@tandem/core/spec';

/**
 * What `new BidiAgent({ model })` accepts: a `BidiModel`, or a `provider:model-id` string resolved through
 * the provider registry (`registerProvider`). @internal
 *
 * @throws `NoSuchProviderError` for a string whose provider is not registered, `InvalidModelIdError` for a
 * string that is not `provider:model-id`, `UnsupportedModelVersionError` for a model of another
 * specification version, and `TypeError` for anything else.
 */
export function toBidiModel(model: unknown): BidiModel {
  if (typeof model === 'string') return resolveBidiModel(model);
  if (typeof model === 'object' && model !== null) {
    const { specificationVersion, provider, modelId } = model as { specificationVersion?: unknown; provider?: unknown; modelId?: unknown };
    // A model of another specification version says so, whatever else it has.
    if (specificationVersion !== undefined && specificationVersion !== 'v1') {
      throw new UnsupportedModelVersionError({ version: specificationVersion, provider: String(provider), modelId: String(modelId) });
    }
    if (specificationVersion === 'v1' && typeof (model as { connect?: unknown }).connect === 'function') return model as BidiModel;
  }
  throw new TypeError(
    `BidiAgent: expected a realtime model — a BidiModel object (for example openai.realtime('gpt-realtime') from @tandem/providers-openai) or a "provider:model-id" string such as 'openai:gpt-realtime' (after registerProvider('openai', openai)); got ${describe(model)}.`,
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'object') return 'an object that is not a BidiModel (no specificationVersion "v1" and connect())';
  return `a ${typeof value}`;
}
