import { describe, expect, it } from 'vitest';
import { stream } from './stream.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, deferred } from '../__fixtures__/fixtures.js';
import { userMessage } from '../messages/message-helpers.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';

describe('stream()', () => {
  it('streams one response as events and never executes tools', async () => {
    let executed = false;
    const schemaOnly = {
      kind: 'function' as const,
      name: 'contact_mothership',
      description: 'Contact the mothership.', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    };
    const withExecute = { ...schemaOnly, name: 'other', execute: () => ((executed = true), 'x') };
    const provider = { kind: 'provider' as const, id: 'anthropic.web_search' as const, name: 'web_search', args: { maxUses: 3 } };
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'contact_mothership', input: { query: 'eta?' } }], { text: 'Asking.' })] });
    const response = stream(model, [userMessage('hi')], { tools: [schemaOnly, withExecute, provider], system: 'sys' });
    const events = await collect(response);
    const result = await response.result;
    expect(executed).toBe(false);
    expect(model.requests[0]?.tools).toEqual([
      { kind: 'function', name: 'contact_mothership', description: 'Contact the mothership.', inputSchema: schemaOnly.inputSchema },
      { kind: 'function', name: 'other', description: 'Contact the mothership.', inputSchema: schemaOnly.inputSchema },
      provider,
    ]);
    expect(model.requests[0]?.system).toBe('sys');
    expect(events.map((event) => event.type)).toEqual([
      'stream-start', 'text-start', 'text-delta', 'text-end', 'tool-start', 'tool-delta', 'tool-end', 'stream-end',
    ]);
    const toolEnd = events.find((event) => event.type === 'tool-end');
    expect(toolEnd).toMatchObject({ toolCall: { toolName: 'contact_mothership', toolArgs: '{"query":"eta?"}', input: { query: 'eta?' } } });
    expect(result).toMatchObject({ text: 'Asking.', finishReason: 'tool-calls', toolCalls: [{ toolName: 'contact_mothership' }] });
    expect(result.message.parts.map((part) => part.type)).toEqual(['text', 'tool-call']);
  });

  it('keeps raw toolArgs and omits input when the arguments are not JSON', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 't', toolArgs: '{oops' }])] });
    const result = await stream(model, 'hi').result;
    expect(result.toolCalls[0]).toEqual({ toolCallId: expect.any(String), toolName: 't', toolArgs: '{oops' });
  });

  it('records each tool call as a part with exactly its fields: input only when the arguments parse, provider metadata only when given', async () => {
    const meta = { google: { thoughtSignature: 'sig' } };
    const parts: ModelStreamPart[] = [
      { type: 'tool-end', toolCallId: 'a', toolName: 't', toolArgs: '{"i":1}' },
      { type: 'tool-end', toolCallId: 'b', toolName: 't', toolArgs: '{oops' },
      { type: 'tool-end', toolCallId: 'c', toolName: 't', toolArgs: '{"i":2}', providerMetadata: meta },
      { type: 'tool-end', toolCallId: 'd', toolName: 't', toolArgs: '{oops', providerMetadata: meta },
      { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 1, outputTokens: 2 } },
    ];
    const result = await stream(new ScriptedModel({ responses: [parts] }), 'hi').result;
    expect(result.message.parts).toStrictEqual([
      { type: 'tool-call', toolCallId: 'a', toolName: 't', toolArgs: '{"i":1}', input: { i: 1 } },
      { type: 'tool-call', toolCallId: 'b', toolName: 't', toolArgs: '{oops' },
      { type: 'tool-call', toolCallId: 'c', toolName: 't', toolArgs: '{"i":2}', input: { i: 2 }, providerMetadata: meta },
      { type: 'tool-call', toolCallId: 'd', toolName: 't', toolArgs: '{oops', providerMetadata: meta },
    ]);
    expect(result.message.parts.map((part) => Object.keys(part))[2]).toEqual(['type', 'toolCallId', 'toolName', 'toolArgs', 'input', 'providerMetadata']);
  });

  it('assembles interleaved text and reasoning blocks in start order, keeping provider metadata', async () => {
    const parts: ModelStreamPart[] = [
      { type: 'reasoning-start', blockId: 'r' },
      { type: 'text-start', blockId: 't' },
      { type: 'reasoning-delta', blockId: 'r', chunk: 'think' },
      { type: 'text-delta', blockId: 't', chunk: 'Hel' },
      { type: 'reasoning-end', blockId: 'r', providerMetadata: { anthropic: { signature: 'sig' } } },
      { type: 'text-delta', blockId: 't', chunk: 'lo' },
      { type: 'text-end', blockId: 't' },
      { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 2 } },
    ];
    const result = await stream(new ScriptedModel({ responses: [parts] }), 'hi').result;
    expect(result.message.parts).toEqual([
      { type: 'reasoning', text: 'think', providerMetadata: { anthropic: { signature: 'sig' } } },
      { type: 'text', text: 'Hello' },
    ]);
  });

  it('rejects with IncompleteResponseError when the stream ends without finish', async () => {
    const model = new ScriptedModel({ responses: [[{ type: 'text-delta', blockId: 'a', chunk: 'x' }]] });
    const response = stream(model, 'hi');
    await expect(collect(response)).rejects.toMatchObject({ name: 'IncompleteResponseError' });
    await expect(response.result).rejects.toMatchObject({ code: 'INCOMPLETE_RESPONSE' });
  });

  it('aborting the signal stops the model call; disposing an unfinished stream aborts it', async () => {
    const gate = deferred();
    const model = new ScriptedModel({
      responses: [
        (async function* () {
          yield { type: 'text-delta', blockId: 'a', chunk: 'x' } as const;
          await gate.promise;
          yield { type: 'finish', finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0 } } as const;
        })(),
      ],
    });
    const response = stream(model, 'hi');
    const iterator = response[Symbol.asyncIterator]();
    await iterator.next();
    const disposed = response[Symbol.asyncDispose]();
    gate.resolve();
    await disposed;
    await expect(response.result).rejects.toThrow(/disposed/);
    expect(model.calls[0]?.signal?.aborted).toBe(true);
  });

  it('rejects models of an unknown specification version', () => {
    const model = { specificationVersion: 'v9', provider: 'future', modelId: 'x', stream: () => [] } as never;
    expect(() => stream(model, 'hi')).toThrow(/specification version v9/);
  });
});

describe('ScriptedModel', () => {
  it('records requests, plays responses in order and reports running out', async () => {
    const model = new ScriptedModel({ responses: [textResponse('one'), (request) => textResponse(`echo ${request.messages.length}`)] });
    expect((await stream(model, 'a').result).text).toBe('one');
    expect((await stream(model, [userMessage('a'), userMessage('b')]).result).text).toBe('echo 2');
    await expect(stream(model, 'c').result).rejects.toThrow(/no scripted response for model call #3/);
    expect(model.requests).toHaveLength(3);
  });

  it('delays each part on an injected clock', async () => {
    const { ManualClock } = await import('../testing/clock.js');
    const clock = new ManualClock();
    const model = new ScriptedModel({ responses: [textResponse('hi')], clock, partDelayMs: 10 });
    const response = stream(model, 'x');
    let done = false;
    void response.result.then(() => (done = true));
    await clock.advance(30);
    expect(done).toBe(false);
    await clock.advance(10);
    await response.result;
    expect(done).toBe(true);
    expect(clock.now()).toBe(40);
  });
});
