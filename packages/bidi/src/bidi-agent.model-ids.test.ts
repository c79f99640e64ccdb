import { afterEach, describe, expect, it } from 'vitest';
import { NoSuchProviderError, registerProvider, type ProviderFactory } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, ScriptedModel } from '@tandem/core/testing';
import type { BidiModel } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import { sleepTool } from './__fixtures__/test-kit.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Registers `name` as a provider whose realtime models are ScriptedBidiModels; returns the models built. */
function registerVoice(name: string): ScriptedBidiModel[] {
  const built: ScriptedBidiModel[] = [];
  const factory: ProviderFactory = Object.assign(() => new ScriptedModel({ responses: [] }), {
    bidi: (modelId: string) => {
      const model = new ScriptedBidiModel({ provider: name, modelId });
      built.push(model);
      return model;
    },
  });
  cleanups.push(registerProvider(name, factory));
  return built;
}

describe('BidiAgent model ids as strings', () => {
  it("'provider:model-id' resolves through the registry's bidi() factory, and the conversation runs on it", async () => {
    const built = registerVoice('voicebox');
    const agent = new BidiAgent({ model: 'voicebox:talk-1' });
    expect(built).toHaveLength(1);
    expect(agent.model).toBe(built[0]);
    expect(agent.model.modelId).toBe('talk-1');
    await agent.start();
    await agent.send('hello');
    expect(built[0]?.inputs).toEqual([{ type: 'text', text: 'hello' }]);
    await agent.stop();
  });

  it('an unregistered provider throws NoSuchProviderError from the constructor, naming registerProvider', () => {
    const error = (() => {
      try {
        new BidiAgent({ model: 'nowhere:voice-9' });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(NoSuchProviderError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/registerProvider/);
    expect((error as Error).message).toContain('nowhere');
  });

  it('a provider without realtime models throws a TypeError that says so', () => {
    cleanups.push(registerProvider('textonly', () => new ScriptedModel({ responses: [] })));
    expect(() => new BidiAgent({ model: 'textonly:m' })).toThrow(/no realtime \(bidi\) models/);
  });

  it.each([
    ['undefined', undefined, 'got undefined'],
    ['a number', 42, 'got a number'],
    ['a text model', new ScriptedModel({ responses: [] }), 'not a BidiModel'],
  ])('%s as model is a TypeError saying what to pass', (_label, value, got) => {
    const make = () => new BidiAgent({ model: value as unknown as BidiModel });
    expect(make).toThrow(TypeError);
    expect(make).toThrow(/a BidiModel object .* or a "provider:model-id" string such as 'openai:gpt-realtime'/);
    expect(make).toThrow(got);
  });

  it("tool names follow core's shared rule and its message", () => {
    const model = new ScriptedBidiModel();
    const tool = sleepTool('ok_name', new ManualClock(), 1);
    expect(() => new BidiAgent({ model, tools: [{ ...tool, name: 'web search' }] })).toThrow(
      'Invalid BidiAgent tool name "web search": it contains " ". A tool name must match /^[a-zA-Z0-9_-]{1,64}$/',
    );
    expect(() => new BidiAgent({ model, tools: [{ ...tool, name: 'x'.repeat(65) }] })).toThrow(/it is 65 characters long/);
  });
});
