import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';
import { ScriptedModel, textResponse } from '../testing/index.js';
import { defaultSettings } from './default-settings.js';
import type { Middleware } from './middleware.js';
import { wrapModel } from './wrap-model.js';

describe('wrapModel', () => {
  it('runs transformRequest outermost first, and wrapStream around the model', async () => {
    const model = new ScriptedModel({ responses: [textResponse('hello world')] });
    const order: string[] = [];
    const tag = (name: string): Middleware => ({
      transformRequest(request) {
        order.push(`request ${name}`);
        return { ...request, system: `${request.system ?? ''}[${name}]` };
      },
      async *wrapStream(next, request, options) {
        order.push(`stream ${name}`);
        for await (const part of next(request, options)) {
          yield part.type === 'text-delta' ? { ...part, chunk: part.chunk.toUpperCase() } : part;
        }
      },
    });
    const wrapped = wrapModel(model, tag('a'), tag('b'));
    const result = await new Agent({ system: 's' }).run(wrapped, 'hi').result;
    expect(result.text).toBe('HELLO WORLD');
    expect(model.requests[0]?.system).toBe('s[a][b]');
    expect(order).toEqual(['request a', 'stream a', 'request b', 'stream b']);
    expect([wrapped.provider, wrapped.modelId]).toEqual([model.provider, model.modelId]);
  });

  it('lets wrapStream answer without calling the model (a cache)', async () => {
    const model = new ScriptedModel({ responses: [] });
    const cached: ModelStreamPart[] = textResponse('from cache');
    const wrapped = wrapModel(model, {
      async *wrapStream() {
        yield* cached;
      },
    });
    expect((await new Agent().run(wrapped, 'hi').result).text).toBe('from cache');
    expect(model.requests).toHaveLength(0);
  });

  it('rejects a middleware that is not an object, naming its position', () => {
    const model = new ScriptedModel({ responses: [] });
    expect(() => wrapModel(model, {}, null as unknown as Middleware)).toThrow(/middleware 1 must be an object/);
  });
});

describe('defaultSettings', () => {
  it('fills what the request leaves unset; the request wins, provider options merge per key', async () => {
    const model = new ScriptedModel({ responses: [textResponse('a'), textResponse('b')] });
    const wrapped = wrapModel(
      model,
      defaultSettings({ temperature: 0.1, maxOutputTokens: 500, providerOptions: { openai: { reasoningEffort: 'low', store: false } } }),
    );
    await new Agent().run(wrapped, 'one').result;
    await new Agent({ temperature: 0.9, providerOptions: { openai: { store: true } } }).run(wrapped, 'two').result;
    expect(model.requests[0]).toMatchObject({ temperature: 0.1, maxOutputTokens: 500, providerOptions: { openai: { reasoningEffort: 'low', store: false } } });
    expect(model.requests[1]).toMatchObject({ temperature: 0.9, maxOutputTokens: 500, providerOptions: { openai: { reasoningEffort: 'low', store: true } } });
  });
});
