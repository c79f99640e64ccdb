import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import { assertModelVersion } from './assert-model-version.js';
import { resolveModel } from './resolve-model.js';

/**
 * What `agent.run()` and `stream()` accept as a model: a `LanguageModel`, or a `provider:model-id`
 * string resolved through the provider registry.
 *
 * @example
 * ```ts
 * const a: ModelReference = openai('gpt-5');
 * const b: ModelReference = 'openai:gpt-5';   // after registerProvider('openai', openai)
 * ```
 *
 * @category Provider registry
 */
export type ModelReference = LanguageModel | string;

/**
 * Turns a {@link ModelReference} into a model: resolves strings, checks objects. The one check every
 * entry point uses. @internal
 */
export function toLanguageModel(model: unknown): LanguageModel {
  if (typeof model === 'string') return resolveModel(model);
  if (typeof model !== 'object' || model === null || typeof (model as { stream?: unknown }).stream !== 'function') {
    throw new TypeError(
      `Expected a model: a LanguageModel object (for example openai('gpt-5') from @tandem/providers-openai) or a "provider:model-id" string such as 'openai:gpt-5' (after registerProvider('openai', openai)); got ${describe(model)}.`,
    );
  }
  assertModelVersion(model);
  return model;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'object') return 'an object without a stream() method';
  return `a ${typeof value}`;
}
