import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, deferred, fnTool, ofType, Join } from '../__fixtures__/fixtures.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ToolResultPart } from '../spec/message/v1/part.js';

function toolResults(message: Message | undefined): ToolResultPart[] {
  return (message?.parts ?? []).filter((part): part is ToolResultPart => part.type === 'tool-result');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Agent tool groups', () => {
  it('runs 10 tools of one group concurrently and calls the model once more, after all of them', async () => {
    vi.useFakeTimers();
    const started: string[] = [];
    const finished: string[] = [];
    const allStarted = deferred();
    const tools = Array.from({ length: 10 }, (_, i) =>
      fnTool(`wait_${i}`, async () => {
        started.push(`wait_${i}`);
        if (started.length === 10) allStarted.resolve();
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished.push(`wait_${i}`);
        return `done ${i}`;
      }),
    );
    let startedBeforeFirstFinish = -1;
    const model = new ScriptedModel({
      responses: [
        toolCallResponse(tools.map((t) => ({ name: t.name, input: {} }))),
        () => {
          expect(finished).toHaveLength(10);
          return textResponse('all done');
        },
      ],
    });
    const run = new Agent({ tools }).run(model, 'go');
    await allStarted.promise;
    startedBeforeFirstFinish = started.length;
    expect(finished).toHaveLength(0);
    expect(model.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    const result = await run.result;
    expect(startedBeforeFirstFinish).toBe(10);
    expect(model.requests).toHaveLength(2);
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('all done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('records results in call order while tool-call-result events arrive in completion order', async () => {
    const gates = { a: deferred(), b: deferred(), c: deferred() };
    const tools = (['a', 'b', 'c'] as const).map((name) =>
      fnTool(name, async () => {
        await gates[name].promise;
        return `result ${name}`;
      }),
    );
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'a', id: 'A' }, { name: 'b', id: 'B' }, { name: 'c', id: 'C' }]), textResponse('ok')],
    });
    const run = new Agent({ tools }).run(model, 'go');
    const eventsPromise = collect(run);
    await Promise.resolve();
    gates.c.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    gates.a.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    gates.b.resolve();
    const events = await eventsPromise;
    const order = ofType(events, 'tool-call-result').map((event) => event.results[0]?.toolCallId);
    expect(order).toEqual(['C', 'A', 'B']);
    const { messages } = await run.result;
    const toolMessage = messages.find((message) => message.role === 'tool');
    expect(toolResults(toolMessage).map((part) => part.toolCallId)).toEqual(['A', 'B', 'C']);
    expect(model.requests[1]?.messages.at(-1)).toEqual(toolMessage);
  });
});

describe('errors become results', () => {
  class QuotaError extends Error {
    override name = 'QuotaError';
  }

  it.each([
    ['a string', 'nope', 'Error: nope'],
    ['an Error subclass', new QuotaError('over quota'), 'QuotaError: over quota'],
    ['undefined', undefined, 'Error: undefined'],
  ])('a tool throwing %s becomes an error result the model sees; exception is the original', async (_label, thrown, text) => {
    const tool = fnTool('boom', () => {
      throw thrown;
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'boom', id: 'X' }]), textResponse('sorry')] });
    const run = new Agent({ tools: [tool] }).run(model, 'go');
    const events = await collect(run);
    const [event] = ofType(events, 'tool-call-result');
    expect(event?.results[0]).toMatchObject({ status: 'error', isError: true, result: text });
    expect('exception' in (event ?? {})).toBe(true);
    expect(event?.exception).toBe(thrown);
    const sent = toolResults(model.requests[1]?.messages.at(-1));
    expect(sent[0]).toMatchObject({ status: 'error', modelInput: { type: 'text', value: text } });
    expect((await run.result).stopReason).toBe('endTurn');
  });

  it('reports an unknown tool, unparsable JSON and a schema violation without calling execute', async () => {
    const execute = vi.fn(() => 'ran');
    const strict = fnTool('strict', execute, {
      validate: (input) =>
        typeof (input as { city?: unknown }).city === 'string'
          ? { success: true, value: input }
          : { success: false, error: 'city: expected string' },
    });
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'missing', id: 'U' },
          { name: 'strict', id: 'J', toolArgs: '{"city": ' },
          { name: 'strict', id: 'S', input: { city: 42 } },
        ]),
        textResponse('ok'),
      ],
    });
    const run = new Agent({ tools: [strict] }).run(model, 'go');
    const { messages } = await run.result;
    expect(execute).not.toHaveBeenCalled();
    const results = toolResults(messages.find((message) => message.role === 'tool'));
    expect(results.map((result) => result.status)).toEqual(['error', 'error', 'error']);
    expect(results[0]?.result).toMatch(/Unknown tool "missing"\. Available tools: strict/);
    expect(results[1]?.result).toMatch(/Invalid arguments for tool "strict": not valid JSON/);
    expect(results[2]?.result).toMatch(/Invalid arguments for tool "strict": city: expected string/);
  });

  it('a tool returning a value JSON cannot hold becomes an error result', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'cyc' }]), textResponse('ok')] });
    const { messages } = await new Agent({ tools: [fnTool('cyc', () => cyclic)] }).run(model, 'go').result;
    expect(toolResults(messages[2])[0]).toMatchObject({ status: 'error' });
    expect(String(toolResults(messages[2])[0]?.result)).toMatch(/cannot be sent to the model as JSON/);
  });
});

describe('cancellation', () => {
  it('aborting the run signal aborts a running tool: cancelled result, stopReason cancelled, nothing left behind', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const toolStarted = deferred();
    let toolSignal: AbortSignal | undefined;
    const slow = fnTool('slow', async (_input, ctx) => {
      toolSignal = ctx.signal;
      toolStarted.resolve();
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, 10_000);
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(ctx.signal.reason);
        });
      });
      return 'never';
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'slow', id: 'S' }])] });
    const add = vi.spyOn(controller.signal, 'addEventListener');
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const run = new Agent({ tools: [slow] }).run(model, 'go', { signal: controller.signal });
    await toolStarted.promise;
    controller.abort();
    const result = await run.result;
    expect(toolSignal?.aborted).toBe(true);
    expect(result.stopReason).toBe('cancelled');
    expect(toolResults(result.messages.at(-1))[0]).toMatchObject({ toolCallId: 'S', status: 'cancelled' });
    expect(model.requests).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(add.mock.calls.length).toBe(remove.mock.calls.length);
    const events = await collect(run);
    expect(ofType(events, 'tool-call-result')[0]?.results[0]?.status).toBe('cancelled');
    expect(events.at(-1)?.type).toBe('step-end');
  });

  it('cancel({ afterCurrentTools: true }) from a tool lets the group finish, records results and ends with endTurn', async () => {
    const gate = deferred();
    const stopper = fnTool('stopper', (_input, ctx) => {
      ctx.agent.cancel({ afterCurrentTools: true });
      gate.resolve();
      return 'stopping';
    });
    const slow = fnTool('slow', async () => {
      await gate.promise;
      return 'slow done';
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'slow', id: 'S' }, { name: 'stopper', id: 'T' }])] });
    const result = await new Agent({ tools: [slow, stopper] }).run(model, 'go').result;
    expect(result.stopReason).toBe('endTurn');
    expect(model.requests).toHaveLength(1);
    expect(toolResults(result.messages.at(-1)).map((part) => [part.toolCallId, part.status, part.result])).toEqual([
      ['S', 'success', 'slow done'],
      ['T', 'success', 'stopping'],
    ]);
  });

  it('cancel() with a message appends it as the final assistant message', async () => {
    const tool = fnTool('bye', (_input, ctx) => {
      ctx.agent.cancel({ afterCurrentTools: true, message: 'Goodbye.' });
      return 'ok';
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'bye' }])] });
    const result = await new Agent({ tools: [tool] }).run(model, 'go').result;
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'Goodbye.' }] });
    expect(result.text).toBe('Goodbye.');
  });

  it('agent.cancel() from outside during streaming keeps the partial text and resolves cancelled', async () => {
    const gate = deferred();
    const model = new ScriptedModel({
      responses: [
        (async function* () {
          yield { type: 'text-start', blockId: 't' } as const;
          yield { type: 'text-delta', blockId: 't', chunk: 'Hel' } as const;
          await gate.promise;
          yield { type: 'text-delta', blockId: 't', chunk: 'lo' } as const;
        })(),
      ],
    });
    const agent = new Agent();
    const run = agent.run(model, 'go');
    const seen: string[] = [];
    for await (const event of run) {
      seen.push(event.type);
      if (event.type === 'text-delta') {
        agent.cancel();
        gate.resolve();
      }
    }
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(result.text).toBe('Hel');
  });
});

describe('retry and timeout', () => {
  it('retries a failing tool with backoff: two tool-retry events, then success', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const flaky = fnTool(
      'flaky',
      () => {
        calls++;
        if (calls < 3) throw new Error(`fail ${calls}`);
        return 'ok';
      },
      { config: { retry: { maxAttempts: 3, initialDelayMs: 100, maxDelayMs: 150 } } },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'flaky' }]), textResponse('done')] });
    const run = new Agent({ tools: [flaky] }).run(model, 'go');
    const eventsPromise = collect(run);
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(150);
    const events = await eventsPromise;
    const retries = ofType(events, 'tool-retry');
    expect(retries.map((event) => [event.attempt, event.delayMs, (event.error as Error).message])).toEqual([
      [2, 100, 'fail 1'],
      [3, 150, 'fail 2'],
    ]);
    expect(ofType(events, 'tool-call-result')[0]?.results[0]).toMatchObject({ status: 'success', result: 'ok' });
    expect(calls).toBe(3);
  });

  it('retryOn can refuse a retry; the last error becomes the result', async () => {
    let calls = 0;
    const tool = fnTool(
      'picky',
      () => {
        calls++;
        throw new TypeError('permanent');
      },
      { config: { retry: { maxAttempts: 5, retryOn: (error) => !(error instanceof TypeError) } } },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'picky' }]), textResponse('ok')] });
    const events = await collect(new Agent({ tools: [tool] }).run(model, 'go'));
    expect(calls).toBe(1);
    expect(ofType(events, 'tool-retry')).toHaveLength(0);
    expect(ofType(events, 'tool-call-result')[0]?.results[0]?.result).toBe('TypeError: permanent');
  });

  it('times out a tool that runs past timeoutMs, aborting its signal', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const hang = fnTool(
      'hang',
      (_input, ctx) => {
        signal = ctx.signal;
        return new Promise(() => undefined);
      },
      { config: { timeoutMs: 1000 } },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'hang' }]), textResponse('ok')] });
    const run = new Agent({ tools: [hang] }).run(model, 'go');
    await vi.advanceTimersByTimeAsync(1000);
    const result = await run.result;
    expect(signal?.aborted).toBe(true);
    expect(toolResults(result.messages[2])[0]).toMatchObject({ status: 'error', result: 'ToolTimeoutError: Tool "hang" timed out after 1000 ms.' });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('finish reasons and stop reasons', () => {
  it.each([
    ['length', 'maxTokens'],
    ['content-filter', 'contentFilter'],
    ['error', 'error'],
  ] as const)('a response cut off with %s runs none of its calls', async (finishReason, stopReason) => {
    const execute = vi.fn(() => 'ran');
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 't', id: 'T' }], { finishReason })] });
    const result = await new Agent({ tools: [fnTool('t', execute)] }).run(model, 'go').result;
    expect(execute).not.toHaveBeenCalled();
    expect(result.stopReason).toBe(stopReason);
    expect(toolResults(result.messages.at(-1))[0]).toMatchObject({ toolCallId: 'T', status: 'cancelled' });
  });

  it('schema-only tools end the run with toolUse, leaving their calls for the caller', async () => {
    const schemaOnly = { kind: 'function' as const, name: 'ask_user', description: 'Ask.', inputSchema: { type: 'object' } };
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'ask_user', id: 'Q' }])] });
    const result = await new Agent({ tools: [schemaOnly] }).run(model, 'go').result;
    expect(result.stopReason).toBe('toolUse');
    expect(result.messages.at(-1)?.parts[0]).toMatchObject({ type: 'tool-call', toolCallId: 'Q' });
  });

  it('stops at maxSteps and sums usage across steps', async () => {
    const usage = { inputTokens: 3, outputTokens: 2, cachedInputTokens: 1 };
    const model = new ScriptedModel({ responses: () => toolCallResponse([{ name: 'again' }], { usage }) });
    const result = await new Agent({ tools: [fnTool('again', () => 'x')], maxSteps: 3 }).run(model, 'go').result;
    expect(result.stopReason).toBe('maxSteps');
    expect(model.requests).toHaveLength(3);
    expect(result.usage).toEqual({ inputTokens: 9, outputTokens: 6, cachedInputTokens: 3 });
    expect(result.steps).toHaveLength(3);
  });

  it('a failing model call rejects run.result and ends iteration with the error', async () => {
    const failure = new Error('HTTP 500');
    const model = new ScriptedModel({ responses: [{ error: failure }] });
    const run = new Agent().run(model, 'go');
    await expect(collect(run)).rejects.toBe(failure);
    await expect(run.result).rejects.toBe(failure);
  });

  it('a stream without finish is an IncompleteResponseError', async () => {
    const model = new ScriptedModel({ responses: [[{ type: 'text-start', blockId: 'a' }, { type: 'text-delta', blockId: 'a', chunk: 'x' }]] });
    await expect(new Agent().run(model, 'go').result).rejects.toMatchObject({ name: 'IncompleteResponseError', code: 'INCOMPLETE_RESPONSE' });
  });
});

describe('execution options and hooks', () => {
  it("eager execution starts a call as soon as its tool-end arrives", async () => {
    const gate = deferred();
    const started: string[] = [];
    const model = new ScriptedModel({
      responses: [
        (async function* () {
          yield* toolCallResponse([{ name: 'first', id: 'F' }]).slice(0, 3);
          await gate.promise;
          yield* toolCallResponse([{ name: 'second', id: 'S' }]);
        })(),
        textResponse('ok'),
      ],
    });
    const tools = ['first', 'second'].map((name) =>
      fnTool(name, () => {
        started.push(name);
        if (name === 'first') gate.resolve();
        return name;
      }),
    );
    const result = await new Agent({ tools, toolExecution: { start: 'eager' } }).run(model, 'go').result;
    expect(started).toEqual(['first', 'second']);
    expect(result.stopReason).toBe('endTurn');
  });

  it("concurrency 'sequential' runs one call at a time", async () => {
    let running = 0;
    let peak = 0;
    const tools = ['a', 'b', 'c'].map((name) =>
      fnTool(name, async () => {
        running++;
        peak = Math.max(peak, running);
        await Promise.resolve();
        running--;
        return name;
      }),
    );
    const model = new ScriptedModel({ responses: [toolCallResponse(tools.map((t) => ({ name: t.name }))), textResponse('ok')] });
    await new Agent({ tools, toolExecution: { concurrency: 'sequential' } }).run(model, 'go').result;
    expect(peak).toBe(1);
  });

  it('beforeToolCall can cancel or replace input; afterToolCall can replace the result; afterTools can end the turn', async () => {
    const seen: unknown[] = [];
    const echo = fnTool('echo', (input) => {
      seen.push(input);
      return `echo ${JSON.stringify(input)}`;
    });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'echo', id: 'A', input: { v: 1 } }, { name: 'echo', id: 'B', input: { v: 2 } }])],
    });
    const agent = new Agent({
      tools: [echo],
      hooks: {
        beforeToolCall(event) {
          if (event.toolCall.toolCallId === 'A') event.cancel = 'Blocked by policy.';
          else event.input = { v: 20 };
        },
        afterTools(event) {
          event.endTurn = 'Finished early.';
        },
      },
    });
    const off = agent.on('afterToolCall', (event) => {
      if (event.result.status === 'success') event.result = { ...event.result, result: 'replaced' };
    });
    const result = await agent.run(model, 'go').result;
    off();
    expect(seen).toEqual([{ v: 20 }]);
    const parts = toolResults(result.messages[2]);
    expect(parts.map((part) => [part.status, part.result])).toEqual([
      ['error', 'Blocked by policy.'],
      ['success', 'replaced'],
    ]);
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Finished early.');
    expect(model.requests).toHaveLength(1);
  });

  it('stopWhen ends the run after a step that ran tools', async () => {
    const model = new ScriptedModel({ responses: () => toolCallResponse([{ name: 'x' }]) });
    const result = await new Agent({ tools: [fnTool('x', () => 'x')], stopWhen: ({ steps }) => steps.length >= 2 }).run(model, 'go').result;
    expect(result.stopReason).toBe('endTurn');
    expect(model.requests).toHaveLength(2);
  });

  it('rejects invalid and duplicate tool names at construction', () => {
    expect(() => new Agent({ tools: [fnTool('bad name', () => 1)] })).toThrow(TypeError);
    expect(() => new Agent({ tools: [fnTool('same', () => 1), fnTool('same', () => 2)] })).toThrow(/Duplicate tool name "same"/);
  });

  it('streaming tools feed their aggregator, emitting partial results with increasing seq', async () => {
    const tool = fnTool(
      'draft',
      async function* () {
        yield 'a';
        yield 'b';
      },
      { aggregator: Join },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'draft' }]), textResponse('ok')] });
    const events = await collect(new Agent({ tools: [tool] }).run(model, 'go'));
    expect(ofType(events, 'partial-tool-call-result').map((event) => [event.seq, event.value])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
    expect(ofType(events, 'tool-call-result')[0]?.results[0]).toMatchObject({ result: 'ab', modelInput: { type: 'text', value: 'ab' } });
  });
});
