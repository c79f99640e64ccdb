import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent, type FunctionTool, type Message, type ToolResultPart, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { DEFAULT_MAX_MESSAGE_LENGTH, DEFAULT_STOP_DESCRIPTION, DEFAULT_STOP_MESSAGE, makeStop, stop } from './index.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function toolResults(messages: readonly Message[]): ToolResultPart[] {
  return messages.flatMap((m) => m.parts.filter((p): p is ToolResultPart => p.type === 'tool-result'));
}

/** Every tool call in history has exactly one result. */
function expectPaired(messages: readonly Message[]): void {
  const calls = messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : [])));
  const results = toolResults(messages).map((p) => p.toolCallId);
  expect(results.sort()).toEqual(calls.sort());
}

async function runStop(tool: FunctionTool, input: unknown, followUp = 'Continuing.') {
  const model = new ScriptedModel({
    responses: [toolCallResponse([{ name: tool.name, input, id: 'call_stop' }]), textResponse(followUp)],
  });
  const result = await new Agent({ tools: [tool] }).run(model, [userMessage('Go.')]).result;
  return { model, result, stopResult: toolResults(result.messages).find((p) => p.toolCallId === 'call_stop')! };
}

describe('makeStop() construction', () => {
  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['NaN', Number.NaN],
    ["'10' (a string)", '10'],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('throws RangeError for maxMessageLength %s', (_label, value) => {
    expect(() => makeStop({ maxMessageLength: value as number })).toThrow(RangeError);
    expect(() => makeStop({ maxMessageLength: value as number })).toThrow(/positive integer/);
  });

  it('accepts any positive integer and puts it in the schema', () => {
    const tool = makeStop({ name: 'finish', description: 'Finish up.', maxMessageLength: 1 });
    expect(tool.name).toBe('finish');
    expect(tool.description).toBe('Finish up.');
    expect(tool.inputSchema).toMatchObject({ properties: { message: { maxLength: 1 } } });
  });

  it('has the documented defaults', () => {
    expect(DEFAULT_MAX_MESSAGE_LENGTH).toBe(4096);
    expect(stop.name).toBe('stop');
    expect(stop.kind).toBe('function');
    expect(stop.description).toBe(DEFAULT_STOP_DESCRIPTION);
    expect(stop.inputSchema).toMatchObject({ type: 'object', properties: { message: { maxLength: 4096 } } });
  });

  it('rejects an invalid tool name with a TypeError', () => {
    expect(() => makeStop({ name: 'stop now' })).toThrow(TypeError);
  });
});

describe('the stop tool in an Agent', () => {
  it('lets a slow tool of the same group finish, records both results, and never calls the model again', async () => {
    const slowGate = deferred();
    let slowFinished = false;
    const slow: FunctionTool = {
      kind: 'function',
      name: 'slow',
      description: 'Slow.', inputSchema: { type: 'object' },
      async execute() {
        await slowGate.promise;
        slowFinished = true;
        return 'slow done';
      },
    };
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'slow', input: {}, id: 'call_slow' },
          { name: 'stop', input: { message: 'All done.' }, id: 'call_stop' },
        ]),
      ],
    });
    const run = new Agent({ tools: [slow, stop] }).run(model, [userMessage('Work, then stop.')]);
    let ended = false;
    void run.result.then(() => (ended = true));
    const completed: string[] = [];
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type !== 'tool-call-result') continue;
      completed.push(event.results[0]!.toolCallId);
      if (event.results[0]!.toolCallId === 'call_stop') {
        // Let everything that is ready run: the run must still wait for the slow call.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await new Promise<void>((resolve) => setImmediate(resolve));
        expect(ended).toBe(false);
        expect(slowFinished).toBe(false);
        slowGate.resolve();
      }
    }
    const result = await run.result;

    expect(completed).toEqual(['call_stop', 'call_slow']);
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('All done.');
    expect(model.requests).toHaveLength(1);
    expectPaired(result.messages);
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const results = toolResults(result.messages);
    expect(results.map((r) => [r.toolCallId, r.status, r.result])).toEqual([
      ['call_slow', 'success', 'slow done'],
      ['call_stop', 'success', 'All done.'],
    ]);
    expect(result.message?.parts).toEqual([{ type: 'text', text: 'All done.' }]);
    expect(events.filter((e) => e.type === 'stream-start')).toHaveLength(1);
  });

  it('still runs the calls queued after it when tools run sequentially', async () => {
    const order: string[] = [];
    const note = (name: string): FunctionTool => ({
      kind: 'function',
      name,
      description: name, inputSchema: { type: 'object' },
      execute: () => {
        order.push(name);
        return `${name} done`;
      },
    });
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'first', input: {} },
          { name: 'stop', input: { message: 'Bye.' } },
          { name: 'last', input: {} },
        ]),
      ],
    });
    const agent = new Agent({ tools: [note('first'), stop, note('last')], toolExecution: { concurrency: 'sequential' } });
    const result = await agent.run(model, [userMessage('Go.')]).result;
    expect(order).toEqual(['first', 'last']);
    expect(toolResults(result.messages).map((r) => r.status)).toEqual(['success', 'success', 'success']);
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Bye.');
    expect(model.requests).toHaveLength(1);
    expectPaired(result.messages);
  });

  it.each([
    ['null', { message: null }],
    ['an empty string', { message: '' }],
    ['blank text', { message: '  \n ' }],
    ['no message', {}],
  ])('uses "Agent loop stopped." for %s', async (_label, input) => {
    const { model, result, stopResult } = await runStop(stop, input);
    expect(DEFAULT_STOP_MESSAGE).toBe('Agent loop stopped.');
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Agent loop stopped.');
    expect(stopResult.result).toBe('Agent loop stopped.');
    expect(model.requests).toHaveLength(1);
  });

  it('accepts a message of exactly the default cap', async () => {
    const message = 'x'.repeat(DEFAULT_MAX_MESSAGE_LENGTH);
    const { model, result, stopResult } = await runStop(stop, { message });
    expect(stopResult.status).toBe('success');
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe(message);
    expect(model.requests).toHaveLength(1);
  });

  it('rejects a message one over the default cap with an error result, and the loop continues', async () => {
    const { model, result, stopResult } = await runStop(stop, { message: 'x'.repeat(DEFAULT_MAX_MESSAGE_LENGTH + 1) });
    expect(stopResult.status).toBe('error');
    expect(String(stopResult.result)).toContain('4097 characters');
    expect(String(stopResult.result)).toContain('limit is 4096');
    expect(model.requests).toHaveLength(2);
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Continuing.');
    expectPaired(result.messages);
  });

  it('applies a custom cap: exactly the cap is accepted, cap + 1 is an error', async () => {
    const short = makeStop({ maxMessageLength: 5 });
    const atCap = await runStop(short, { message: 'abcde' });
    expect(atCap.stopResult.status).toBe('success');
    expect(atCap.result.text).toBe('abcde');
    expect(atCap.model.requests).toHaveLength(1);

    const overCap = await runStop(short, { message: 'abcdef' });
    expect(overCap.stopResult.status).toBe('error');
    expect(overCap.model.requests).toHaveLength(2);
    expect(overCap.result.text).toBe('Continuing.');
  });

  it('counts characters as code points, like JSON Schema maxLength', async () => {
    const { stopResult } = await runStop(makeStop({ maxMessageLength: 2 }), { message: '🙂🙂' });
    expect(stopResult.status).toBe('success');
  });

  it('rejects a message that is not a string, and unknown properties', async () => {
    const wrongType = await runStop(stop, { message: 42 });
    expect(wrongType.stopResult.status).toBe('error');
    expect(String(wrongType.stopResult.result)).toContain('must be a string or null');
    expect(wrongType.model.requests).toHaveLength(2);

    const extra = await runStop(stop, { message: 'ok', reason: 'done' });
    expect(extra.stopResult.status).toBe('error');
    expect(String(extra.stopResult.result)).toContain('"reason"');
  });
});
