import { describe, expect, it } from 'vitest';
import { UnsupportedModelVersionError } from '../spec/errors/unsupported-model-version-error.js';
import { assertModelVersion, checkModelVersion } from './assert-model-version.js';

const base = { provider: 'p', modelId: 'm', stream: () => ({ [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true as const, value: undefined }) }) }) };

describe('assertModelVersion / checkModelVersion', () => {
  it('accepts a v1 model and returns it', () => {
    const model = { ...base, specificationVersion: 'v1' };
    expect(() => assertModelVersion(model)).not.toThrow();
    expect(checkModelVersion(model)).toBe(model);
  });

  it.each([['v2'], [undefined], [1]])('throws UnsupportedModelVersionError for version %j', (version) => {
    const model = { ...base, specificationVersion: version };
    expect(() => checkModelVersion(model)).toThrow(UnsupportedModelVersionError);
    let caught: unknown;
    try {
      assertModelVersion(model);
    } catch (error) {
      caught = error;
    }
    expect(UnsupportedModelVersionError.isInstance(caught)).toBe(true);
    expect((caught as UnsupportedModelVersionError).code).toBe('UNSUPPORTED_MODEL_VERSION');
    expect((caught as Error).message).toContain('p:m');
  });

  it('throws a TypeError for something that is not a model', () => {
    expect(() => assertModelVersion(null)).toThrow(/Expected a LanguageModel.*null/);
    expect(() => assertModelVersion({ specificationVersion: 'v1' })).toThrow(/without a stream\(\) method/);
  });
});
