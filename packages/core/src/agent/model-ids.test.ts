import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { stream } from '../stream/stream.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse } from '../testing/responses.js';
import { registerProvider } from '../provider-registry/provider-registry.js';
import { NoSuchProviderError } from '../provider-registry/no-such-provider-error.js';
import { InvalidModelIdError } from '../provider-registry/invalid-model-id-error.js';

const unregister: (() => void)[] = [];
afterEach(() => {
  for (const off of unregister.splice(0)) off();
});

describe('model ids as strings', () => {
  it('agent.run and stream resolve "provider:model-id" through the registry', async () => {
    const made: string[] = [];
    unregister.push(
      registerProvider('acme', (modelId) => {
        made.push(modelId);
        return new ScriptedModel({ provider: 'acme', modelId, responses: [textResponse(`hello from ${modelId}`)] });
      }),
    );
    const result = await new Agent().run('acme:fast-1', 'hi').result;
    expect(result.text).toBe('hello from fast-1');
    const streamed = await stream('acme:fast-2', 'hi').result;
    expect(streamed.text).toBe('hello from fast-2');
    expect(made).toEqual(['fast-1', 'fast-2']);
  });

  it('an unregistered provider throws NoSuchProviderError from run() naming registerProvider and the package to install', () => {
    let caught: unknown;
    try {
      new Agent().run('openai:gpt-5', 'hi');
    } catch (error) {
      caught = error;
    }
    expect(NoSuchProviderError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toContain('@tandem/providers-openai');
    expect((caught as Error).message).toContain("registerProvider('openai', openai)");
    expect(() => stream('anthropic:claude-sonnet-4-5', 'hi')).toThrow(/@tandem\/providers-anthropic/);
  });

  it('a string without a provider prefix is an InvalidModelIdError', () => {
    let caught: unknown;
    try {
      new Agent().run('gpt-5', 'hi');
    } catch (error) {
      caught = error;
    }
    expect(InvalidModelIdError.isInstance(caught)).toBe(true);
  });

  it.each([[undefined], [null], [42], [{}], [{ provider: 'x', modelId: 'y' }]])('a value that is neither a model nor a string (%j) is a TypeError saying what to pass', (value) => {
    const call = (): unknown => new Agent().run(value as never, 'hi');
    expect(call).toThrow(TypeError);
    expect(call).toThrow(/a LanguageModel object .* or a "provider:model-id" string/);
    expect(() => stream(value as never, 'hi')).toThrow(/"provider:model-id" string/);
  });
});
