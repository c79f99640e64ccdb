import { Agent, type AgentEvent, type ToolResult } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeContext } from './__fixtures__/fake-context.js';
import { tool } from './tool.js';
import { terminateWorkerPools, workerTool } from './worker-tool.js';
import { WorkerToolError } from './worker-tool-error.js';

const fixture = new URL('./__fixtures__/cpu.worker.mjs', import.meta.url);
/** About 250 ms of work on the reference machine — counted in iterations, never in time. */
const BUSY_ITERATIONS = 18_000_000;

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await terminateWorkerPools();
});

function results(events: readonly AgentEvent[]): ToolResult[] {
  return events.flatMap((event) => (event.type === 'tool-call-result' ? event.results : []));
}

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

describe('workerTool()', () => {
  it('runs the exported function in a worker with the validated input', async () => {
    const double = workerTool({
      name: 'double',
      description: 'Doubles a number.',
      inputSchema: z.object({ n: z.number() }),
      module: fixture,
      export: 'asyncDouble',
    });
    expect(double.kind).toBe('function');
    expect(double.inputSchema).toEqual({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
    await expect(double.execute?.({ n: 21 }, fakeContext())).resolves.toBe(42);
  });

  it('infers the name from `export`, calls `default` when none is given, and needs a name then', async () => {
    expect(workerTool({ description: 'd', inputSchema: z.object({}), module: fixture, export: 'busyCount' }).name).toBe('busyCount');
    const echo = workerTool({ name: 'echo', description: 'Echoes.', inputSchema: z.object({ v: z.string() }), module: fixture.href });
    await expect(echo.execute?.({ v: 'hi' }, fakeContext())).resolves.toEqual({ v: 'hi' });
    expect(() => workerTool({ description: 'd', inputSchema: z.object({}), module: fixture })).toThrow(/pass a `name`/);
  });

  it('validates its options at definition', () => {
    const base = { name: 'w', description: 'd', inputSchema: z.object({}), module: fixture };
    expect(() => workerTool({ ...base, module: './cpu.worker.mjs' })).toThrow(/`module` must be a file: or data: URL/);
    expect(() => workerTool({ ...base, poolSize: 0 })).toThrow(RangeError);
    expect(() => workerTool({ ...base, name: 'bad name' })).toThrow(/Invalid tool name "bad name"/);
    expect(() => workerTool({ ...base, description: '' })).toThrow(/`description` must be a non-empty string/);
  });

  it('brings errors back with their name and message (and code)', async () => {
    const failing = workerTool({ name: 'fail', description: 'd', inputSchema: z.object({ message: z.string() }), module: fixture, export: 'failRange' });
    const error = await Promise.resolve(failing.execute?.({ message: 'n must be positive' }, fakeContext())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RangeError);
    expect(error).toMatchObject({ name: 'RangeError', message: 'n must be positive' });

    const custom = workerTool({ name: 'quota', description: 'd', inputSchema: z.object({}), module: fixture, export: 'failCustom' });
    await expect(custom.execute?.({}, fakeContext())).rejects.toMatchObject({ name: 'QuotaError', message: 'quota exhausted', code: 'E_QUOTA' });
  });

  it('explains a missing export and a non-cloneable return value', async () => {
    const missing = workerTool({ name: 'missing', description: 'd', inputSchema: z.object({}), module: fixture, export: 'nope' });
    await expect(missing.execute?.({}, fakeContext())).rejects.toThrow(/has no exported function "nope" \(exported functions: .*busyCount/);
    const fn = workerTool({ name: 'fn', description: 'd', inputSchema: z.object({}), module: fixture, export: 'returnsFunction' });
    await expect(fn.execute?.({}, fakeContext())).rejects.toMatchObject({ name: 'DataCloneError', message: expect.stringMatching(/not structured-cloneable/) });
  });

  it('rejects with the abort reason when ctx.signal aborts a running call', async () => {
    const spin = workerTool({ name: 'spin', description: 'd', inputSchema: z.object({}), module: fixture, export: 'spinForever' });
    const controller = new AbortController();
    const call = spin.execute?.({}, fakeContext({ signal: controller.signal }));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('shares one pool per module, and terminate() restarts it fresh', async () => {
    const options = { description: 'd', inputSchema: z.object({}), module: fixture, export: 'countCalls', poolSize: 1 };
    const a = workerTool({ ...options, name: 'count_a' });
    const b = workerTool({ ...options, name: 'count_b' });
    await a.terminate();
    await expect(a.execute?.({}, fakeContext())).resolves.toBe(1);
    await expect(b.execute?.({}, fakeContext())).resolves.toBe(2);
    const spin = workerTool({ ...options, name: 'spin', export: 'spinForever' });
    const running = Promise.resolve(spin.execute?.({}, fakeContext())).catch((caught: unknown) => caught);
    await b[Symbol.asyncDispose]();
    expect(WorkerToolError.isInstance(await running)).toBe(true);
    await expect(a.execute?.({}, fakeContext())).resolves.toBe(1);
  });
});

describe('workerTool() inside an Agent', () => {
  it('keeps the event loop free: a concurrent async tool finishes first although it was called second', async () => {
    const crunch = workerTool({
      name: 'crunch',
      description: 'CPU-heavy work.',
      inputSchema: z.object({ iterations: z.number().int() }),
      module: fixture,
      export: 'busyCount',
    });
    const ticker = tool({
      name: 'ticker',
      description: 'Reports progress on a few event-loop turns.',
      inputSchema: z.object({ ticks: z.number().int() }),
      async execute({ ticks }, ctx) {
        for (let i = 1; i <= ticks; i += 1) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          ctx.progress(i, { label: 'tick' });
        }
        return `ticked ${ticks}`;
      },
    });
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'crunch', input: { iterations: BUSY_ITERATIONS } },
          { name: 'ticker', input: { ticks: 5 } },
        ]),
        textResponse('done'),
      ],
    });
    const events = await collect(new Agent({ tools: [crunch, ticker] }).run(model, 'go'));
    const order = results(events).map((result) => `${result.toolName}:${result.status}`);
    expect(order).toEqual(['ticker:success', 'crunch:success']);
    const progress = events.filter((event) => event.type === 'partial-tool-call-result');
    expect(progress).toHaveLength(5);
    expect(results(events)[1]?.result).toMatchObject({ iterations: BUSY_ITERATIONS });
  });

  it('control: the same work on the main thread blocks the other tool until it is done', async () => {
    const { busyCount } = (await import(fixture.href)) as { busyCount(input: { iterations: number }): unknown };
    const crunch = tool({
      name: 'crunch',
      description: 'CPU-heavy work on the main thread.',
      inputSchema: z.object({ iterations: z.number().int() }),
      async execute(input) {
        return busyCount(input);
      },
    });
    const ticker = tool({
      name: 'ticker',
      description: 'Ticks.',
      inputSchema: z.object({}),
      async execute() {
        await new Promise<void>((resolve) => setImmediate(resolve));
        return 'ticked';
      },
    });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'crunch', input: { iterations: BUSY_ITERATIONS / 6 } }, { name: 'ticker', input: {} }]), textResponse('done')],
    });
    const events = await collect(new Agent({ tools: [crunch, ticker] }).run(model, 'go'));
    expect(results(events).map((result) => result.toolName)).toEqual(['crunch', 'ticker']);
  });

  it('turns a worker error into an error result the model sees', async () => {
    const failing = workerTool({ name: 'fail', description: 'd', inputSchema: z.object({ message: z.string() }), module: fixture, export: 'failRange' });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'fail', input: { message: 'too big' } }]), textResponse('ok')] });
    const events = await collect(new Agent({ tools: [failing] }).run(model, 'go'));
    const [result] = results(events);
    expect(result).toMatchObject({ status: 'error', isError: true });
    expect(JSON.stringify(result?.modelInput)).toContain('RangeError: too big');
  });

  it('cancelling the run terminates a worker stuck in synchronous code', async () => {
    const spin = workerTool({ name: 'spin', description: 'Never returns.', inputSchema: z.object({}), module: fixture, export: 'spinForever' });
    const controller = new AbortController();
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const postMessage = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, ...args) {
      postMessage.mockRestore();
      Worker.prototype.postMessage.apply(this, args);
      queueMicrotask(() => controller.abort());
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'spin', input: {} }]), textResponse('unreachable')] });
    const run = new Agent({ tools: [spin] }).run(model, 'go', { signal: controller.signal });
    const events = await collect(run);
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(results(events)[0]).toMatchObject({ toolName: 'spin', status: 'cancelled' });
    expect(terminate).toHaveBeenCalled();
  });
});
