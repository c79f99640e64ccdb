import { afterEach, describe, expect, it } from 'vitest';
import { UnsupportedModelVersionError } from '../spec/errors/unsupported-model-version-error.js';
import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import { TandemError } from '../spec/errors/tandem-error.js';
import { InvalidModelIdError } from './invalid-model-id-error.js';
import { NoSuchProviderError } from './no-such-provider-error.js';
import { registeredProviders, registerProvider } from './provider-registry.js';
import { resolveModel } from './resolve-model.js';

function fakeModel(provider: string, modelId: string, version = 'v1'): LanguageModel {
  return {
    specificationVersion: version,
    provider,
    modelId,
    async *stream() {
      yield { type: 'finish', finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0 } };
    },
  } as LanguageModel;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function register(name: string, factory: (id: string) => LanguageModel): void {
  cleanups.push(registerProvider(name, factory));
}

describe('resolveModel', () => {
  it('builds the model with the registered factory, passing everything after the first colon', () => {
    const seen: string[] = [];
    register('local', (id) => {
      seen.push(id);
      return fakeModel('local', id);
    });
    const model = resolveModel('local:llama3.2:3b');
    expect(model.modelId).toBe('llama3.2:3b');
    expect(seen).toEqual(['llama3.2:3b']);
  });

  it('throws NoSuchProviderError listing the registered providers', () => {
    register('zeta', (id) => fakeModel('zeta', id));
    register('alpha', (id) => fakeModel('alpha', id));
    let caught: unknown;
    try {
      resolveModel('acme:fast-1');
    } catch (error) {
      caught = error;
    }
    expect(NoSuchProviderError.isInstance(caught)).toBe(true);
    expect(TandemError.isInstance(caught)).toBe(true);
    const error = caught as NoSuchProviderError;
    expect(error.code).toBe('NO_SUCH_PROVIDER');
    expect(error.name).toBe('NoSuchProviderError');
    expect(error.providerName).toBe('acme');
    expect(error.availableProviders).toEqual(['alpha', 'zeta']);
    expect(error.message).toContain('registered: alpha, zeta');
    expect(error.message).toContain("registerProvider('acme'");
  });

  it('says when no provider is registered at all', () => {
    expect(() => resolveModel('openai:gpt-5')).toThrow(/none are registered/);
  });

  it.each([
    ['gpt-5', /no provider prefix/],
    [':gpt-5', /provider name is empty/],
    ['openai:', /model id is empty/],
  ])('rejects %j with InvalidModelIdError', (value, reason) => {
    let caught: unknown;
    try {
      resolveModel(value);
    } catch (error) {
      caught = error;
    }
    expect(InvalidModelIdError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(reason);
    expect((caught as Error).message).toContain('provider:model-id');
  });

  it('rejects a model of an unknown specification version', () => {
    register('future', (id) => fakeModel('future', id, 'v9'));
    let caught: unknown;
    try {
      resolveModel('future:x');
    } catch (error) {
      caught = error;
    }
    expect(UnsupportedModelVersionError.isInstance(caught)).toBe(true);
    expect((caught as UnsupportedModelVersionError).version).toBe('v9');
    expect((caught as Error).message).toContain('future:x');
  });
});

describe('registerProvider', () => {
  it('shares one registry across copies of core through globalThis', () => {
    register('shared', (id) => fakeModel('shared', id));
    const store = (globalThis as Record<symbol, unknown>)[Symbol.for('tandem.providerRegistry')];
    expect(store).toBeInstanceOf(Map);
    expect((store as Map<string, unknown>).has('shared')).toBe(true);
  });

  it('replaces a factory on re-registration; the old unregister then leaves the new one alone', () => {
    const first = registerProvider('dup', (id) => fakeModel('first', id));
    register('dup', (id) => fakeModel('second', id));
    first();
    expect(resolveModel('dup:m').provider).toBe('second');
  });

  it('unregisters', () => {
    const remove = registerProvider('gone', (id) => fakeModel('gone', id));
    expect(registeredProviders()).toContain('gone');
    remove();
    expect(registeredProviders()).not.toContain('gone');
  });

  it('rejects names with a colon and non-function factories', () => {
    expect(() => registerProvider('a:b', (id) => fakeModel('a', id))).toThrow(/Invalid provider name/);
    expect(() => registerProvider('ok', 'nope' as unknown as (id: string) => LanguageModel)).toThrow(/must be a function/);
  });
});
