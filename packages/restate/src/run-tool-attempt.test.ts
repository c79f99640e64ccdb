import { ToolTimeoutError, type AgentEvent, type CancelOptions, type FunctionTool, type ToolContext } from '@tandem/core';
import { describe, expect, it } from 'vitest';
import { attemptReturn, replayEffects } from './replay-attempt.js';
import { journaledRetryDecision, rememberRetryDecision } from './retry-decisions.js';
import { runToolAttempt } from './run-tool-attempt.js';

interface Recorded {
  readonly context: ToolContext;
  readonly controller: AbortController;
  readonly progress: unknown[];
  readonly events: AgentEvent[];
  readonly cancels: (CancelOptions | undefined)[];
}

function agentContext(): Recorded {
  const controller = new AbortController();
  const progress: unknown[] = [];
  const events: AgentEvent[] = [];
  const cancels: (CancelOptions | undefined)[] = [];
  const context: ToolContext = {
    toolCallId: 'call_1',
    toolName: 'probe',
    idempotencyKey: 'run_1:call_1',
    signal: controller.signal,
    agent: { messages: [], cancel: (options) => cancels.push(options) },
    messages: [],
    invocationState: {},
    requestState: {},
    attempt: 1,
    progress: (value, options) => progress.push(options?.label === undefined ? value : [options.label, value]),
    emit: (event) => events.push(event),
  };
  return { context, controller, progress, events, cancels };
}

function probe(execute: FunctionTool['execute'], extra: Partial<FunctionTool> = {}): FunctionTool {
  return { kind: 'function', name: 'probe', spec: { description: 'Probe.', params: { type: 'object' } }, execute, ...extra };
}

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const noDecisions = (): void => undefined;

describe('one tool attempt as a journaled step', () => {
  it('journals a value as JSON and hands back the journaled value', async () => {
    const { context } = agentContext();
    const result = await runToolAttempt(probe(() => ({ city: 'Oslo', bytes: new Uint8Array([1, 2]) })), {}, context, () => undefined);
    expect(result.record).toEqual({ outcome: 'value', value: { city: 'Oslo', bytes: { $tandem: 'bytes', base64: 'AQI=' } }, effects: [] });
    expect(attemptReturn({ record: json(result.record) }, probe(undefined), context, noDecisions)).toEqual({ city: 'Oslo', bytes: new Uint8Array([1, 2]) });
  });

  it('journals a throw as a value with the retry decision the tool\'s retryOn made', async () => {
    class RateLimited extends Error {
      override name = 'RateLimited';
    }
    const tool = probe(
      () => {
        throw new RateLimited('slow down');
      },
      { config: { retry: { maxAttempts: 3, retryOn: (error) => error instanceof RateLimited } } },
    );
    const { context } = agentContext();
    const result = await runToolAttempt(tool, {}, context, () => undefined);
    expect(result.record).toEqual({ outcome: 'error', thrown: { error: { name: 'RateLimited', message: 'slow down' } }, retry: true, effects: [] });
    expect(result.thrown?.value).toBeInstanceOf(RateLimited);

    // First run: the agent gets exactly what the tool threw. Replay: an error rebuilt from the journal —
    // which `instanceof RateLimited` no longer recognizes, so the journaled decision is what retryOn answers.
    expect(() => attemptReturn({ record: result.record, thrown: result.thrown! }, tool, context, rememberRetryDecision)).toThrow(RateLimited);
    let replayed: unknown;
    try {
      attemptReturn({ record: json(result.record) }, tool, context, rememberRetryDecision);
    } catch (error) {
      replayed = error;
    }
    expect(replayed).not.toBeInstanceOf(RateLimited);
    expect(String(replayed)).toBe('RateLimited: slow down');
    expect(journaledRetryDecision(replayed)).toBe(true);
  });

  it('decides "no retry" when retryOn itself throws, as the agent does', async () => {
    const tool = probe(() => Promise.reject(new Error('x')), {
      config: {
        retry: {
          maxAttempts: 2,
          retryOn: () => {
            throw new Error('broken predicate');
          },
        },
      },
    });
    const { record } = await runToolAttempt(tool, {}, agentContext().context, () => undefined);
    expect(record).toMatchObject({ outcome: 'error', retry: false });
  });

  it('drains a streaming tool inside the step and replays its items, then its throw', async () => {
    const tool = probe(
      async function* () {
        yield 'a';
        yield { n: 1 };
        throw new Error('stream broke');
      },
      { aggregator: class {} as unknown as FunctionTool['aggregator'] },
    );
    const { context } = agentContext();
    const { record } = await runToolAttempt(tool, {}, context, () => undefined);
    expect(record).toEqual({ outcome: 'stream', items: ['a', { n: 1 }], thrown: { error: { name: 'Error', message: 'stream broke' } }, retry: true, effects: [] });
    const replay = attemptReturn({ record: json(record) }, tool, context, noDecisions) as AsyncIterable<unknown>;
    const items: unknown[] = [];
    await expect(
      (async () => {
        for await (const item of replay) items.push(item);
      })(),
    ).rejects.toThrow('stream broke');
    expect(items).toEqual(['a', { n: 1 }]);
  });

  it('ends the step at a timeout even when the tool ignores its signal, and replays it as ToolTimeoutError', async () => {
    const { context, controller } = agentContext();
    const never = probe(() => new Promise(() => undefined));
    const running = runToolAttempt(never, {}, context, () => undefined);
    controller.abort(new ToolTimeoutError('probe', 250));
    const { record } = await running;
    expect(record).toEqual({ outcome: 'timeout', timeoutMs: 250, effects: [] });
    expect(() => attemptReturn({ record }, never, agentContext().context, noDecisions)).toThrow(ToolTimeoutError);
  });

  it('journals a cancel; a replay waits for the run\'s own cancel instead of inventing an outcome', async () => {
    const first = agentContext();
    const running = runToolAttempt(probe(() => new Promise(() => undefined)), {}, first.context, () => undefined);
    first.controller.abort(new Error('cancelled'));
    const { record } = await running;
    expect(record).toEqual({ outcome: 'cancelled', effects: [] });

    const replay = agentContext();
    let settled = false;
    const returned = Promise.resolve(attemptReturn({ record }, probe(undefined), replay.context, noDecisions)).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    replay.controller.abort(new Error('the replayed cancel'));
    await expect(returned).rejects.toThrow('the replayed cancel');
  });

  it('records what the tool does to its run while it runs, and a replay does it again', async () => {
    const live = agentContext();
    const event = { type: 'text-delta', runId: 'nested', step: 1, blockId: 'b', chunk: 'hi' } as AgentEvent;
    let late: ToolContext | undefined;
    const tool = probe(async (_input, ctx) => {
      ctx.progress({ done: 1 }, { label: 'rows' });
      ctx.emit(event);
      ctx.agent.cancel({ afterCurrentTools: true, message: 'Stopped.' });
      late = ctx;
      return 'ok';
    });
    const { record } = await runToolAttempt(tool, {}, live.context, () => undefined);
    late?.progress('after the attempt');
    // Live: everything reached the run at once…
    expect(live.progress).toEqual([['rows', { done: 1 }], 'after the attempt']);
    expect(live.events).toEqual([event]);
    expect(live.cancels).toEqual([{ afterCurrentTools: true, message: 'Stopped.' }]);
    // …and what happened during the attempt is journaled.
    expect(record.effects).toEqual([
      { type: 'progress', value: { done: 1 }, label: 'rows' },
      { type: 'emit', event: { type: 'text-delta', runId: 'nested', step: 1, blockId: 'b', chunk: 'hi' } },
      { type: 'cancel', message: 'Stopped.', afterCurrentTools: true },
    ]);

    const replay = agentContext();
    replayEffects(json(record.effects), replay.context);
    expect(replay.progress).toEqual([['rows', { done: 1 }]]);
    expect(replay.events).toEqual([event]);
    expect(replay.cancels).toEqual([{ message: 'Stopped.', afterCurrentTools: true }]);
  });

  it('hands the tool a context that can produce its idempotency key', async () => {
    const seen: ToolContext[] = [];
    const { context } = agentContext();
    await runToolAttempt(probe((_input, ctx) => ctx.toolCallId), {}, context, (toolContext) => seen.push(toolContext));
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBe(context);
    expect(seen[0]?.toolCallId).toBe('call_1');
  });
});
