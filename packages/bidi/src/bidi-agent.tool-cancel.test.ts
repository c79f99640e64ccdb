// The provider withdraws calls (`tool-cancel`, e.g. Gemini Live's toolCallCancellation): the agent aborts
// them and records them cancelled; each call still gets exactly one result, and its group one delivery.
import { describe, expect, it } from 'vitest';
import type { FunctionTool, ToolContext } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { TextAggregator } from '@tandem/aggregators';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentOptions } from './bidi-agent-options.js';
import type { BidiEvent } from './bidi-event.js';
import { BidiStuckPeerError } from './errors/bidi-stuck-peer-error.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

/** A tool that ignores its signal and never finishes on its own. */
const deaf: FunctionTool = {
  kind: 'function',
  name: 'deaf',
  spec: { description: 'Never finishes.', params: { type: 'object' } },
  execute: () => new Promise<never>(() => undefined),
};

/** A streaming tool that yields once, then waits (ignoring its signal). */
const streaming: FunctionTool = {
  kind: 'function',
  name: 'streaming',
  spec: { description: 'Streams.', params: { type: 'object' } },
  aggregator: TextAggregator,
  async *execute() {
    yield 'first part';
    await new Promise<never>(() => undefined);
  },
};

async function started(tools: FunctionTool[], options: Partial<BidiAgentOptions> = {}) {
  const clock = new ManualClock();
  const model = new ScriptedBidiModel({ clock });
  const agent = new BidiAgent({ model, clock, tools, ...options });
  await agent.start();
  const { events, done } = collect(agent);
  return { clock, model, agent, events, done };
}

const results = (events: readonly BidiEvent[]) =>
  events.flatMap((e) => (e.type === 'tool-call-result' && e.parentToolCallId === undefined ? e.results.map((r) => [r.toolCallId, r.status]) : []));

describe('BidiAgent: tool-cancel from the provider', () => {
  it("aborts the cancelled call's signal and records it cancelled; the rest of its group finishes; one delivery in call order", async () => {
    const clock = new ManualClock();
    const seen: { signal?: AbortSignal; ctx?: ToolContext } = {};
    const { model, agent, events } = await started([sleepTool('slow', clock, 1_000, 'slow done', seen), sleepTool('fast', clock, 50)], { clock });
    model.connection.emit(bidiToolGroup([{ name: 'slow', id: 's' }, { name: 'fast', id: 'f' }]));
    await model.until(() => seen.signal !== undefined);
    model.connection.emit({ type: 'tool-cancel', toolCallIds: ['s'] });
    await model.until(() => seen.signal?.aborted === true);
    await model.until(() => results(events).length === 1);
    expect(results(events)).toEqual([['s', 'cancelled']]);
    expect(model.toolResultCalls).toHaveLength(0); // the group waits for `fast`

    await clock.advance(50);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]).toEqual([
      expect.objectContaining({ toolCallId: 's', status: 'cancelled', result: 'The model cancelled this tool call before it finished.' }),
      expect.objectContaining({ toolCallId: 'f', status: 'success', result: 'fast done' }),
    ]);
    expect(events.find((e) => e.type === 'tool-group-complete')).toMatchObject({ results: [{ status: 'cancelled' }, { status: 'success' }] });
    expect(agent.messages.at(-1)?.parts.map((p) => (p.type === 'tool-result' ? p.status : p.type))).toEqual(['cancelled', 'success']);
    await clock.advance(2_000);
    expect(results(events)).toHaveLength(2); // the abandoned call never reports again
    await agent.stop();
  });

  it('a tool that ignores its signal (a promise or a stream) is settled at once; one still running at the end is named', async () => {
    const { clock, model, agent, events, done } = await started([deaf, streaming]);
    model.connection.emit(bidiToolGroup([{ name: 'deaf', id: 'd' }, { name: 'streaming', id: 'st' }]));
    await model.until(() => events.some((e) => e.type === 'partial-tool-call-result'));
    model.connection.emit({ type: 'tool-cancel', toolCallIds: ['d', 'st'] });
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.map((r) => [r.toolCallId, r.status])).toEqual([
      ['d', 'cancelled'],
      ['st', 'cancelled'],
    ]);
    // The end waits its grace (2 s) for both (neither settles: the stream hangs inside its body), then names them.
    const stopping = agent.stop();
    await model.settle();
    await clock.advance(2_000);
    await stopping;
    await done;
    const named = events.flatMap((e) => (e.type === 'error' && BidiStuckPeerError.isInstance(e.error) ? e.error.abandoned : []));
    expect(named).toEqual(['tool deaf (d)', 'tool streaming (st)']);
    expect(results(events)).toEqual([
      ['d', 'cancelled'],
      ['st', 'cancelled'],
    ]);
  });

  it('a withdrawn stream that stops on its signal is not waited for or named at the end', async () => {
    const stopped: string[] = [];
    const polite: FunctionTool = {
      kind: 'function',
      name: 'polite',
      spec: { description: 'Streams until its signal aborts.', params: { type: 'object' } },
      aggregator: TextAggregator,
      async *execute(_input, ctx) {
        try {
          yield 'first part';
          await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
        } finally {
          stopped.push('polite');
        }
      },
    };
    const { model, agent, events, done } = await started([polite]);
    model.connection.emit(bidiToolGroup([{ name: 'polite', id: 'p' }]));
    await model.until(() => events.some((e) => e.type === 'partial-tool-call-result'));
    model.connection.emit({ type: 'tool-cancel', toolCallIds: ['p'] });
    await model.until(() => model.toolResultCalls.length === 1 && stopped.length === 1);
    expect(model.toolResultCalls[0]?.map((r) => [r.toolCallId, r.status])).toEqual([['p', 'cancelled']]);
    // No grace to wait out: the stop finishes without the clock moving.
    await agent.stop();
    await done;
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('a call waiting for approval is cancelled; finished calls, unknown ids and later groups are left alone', async () => {
    const clock = new ManualClock();
    const executed: string[] = [];
    const guarded: FunctionTool = {
      ...sleepTool('guarded', clock, 1),
      needsApproval: true,
      execute: () => void executed.push('guarded'),
    };
    const quick: FunctionTool = { ...sleepTool('quick', clock, 0), execute: () => 'quick done' };
    const { model, agent, events } = await started([guarded, quick], { clock });
    model.connection.emit(bidiToolGroup([{ name: 'guarded', id: 'g' }, { name: 'quick', id: 'q' }]));
    await model.until(() => events.some((e) => e.type === 'tool-approval-request') && results(events).length === 1);
    model.connection.emit({ type: 'tool-cancel', toolCallIds: ['g', 'q', 'never-heard-of'] });
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.map((r) => [r.toolCallId, r.status])).toEqual([
      ['g', 'cancelled'],
      ['q', 'success'],
    ]);
    expect(executed).toEqual([]);
    expect(() => agent.approve('g')).toThrow(TypeError);
    // A later group runs normally.
    model.connection.emit(bidiToolGroup([{ name: 'quick', id: 'q2' }]));
    await model.until(() => model.toolResultCalls.length === 2);
    expect(model.toolResultCalls[1]?.[0]).toMatchObject({ toolCallId: 'q2', status: 'success' });
    await agent.stop();
  });

  it('a cancelled call is not retried; hooks see the tools they were given and the cancelled result', async () => {
    const clock = new ManualClock();
    let attempts = 0;
    const flaky: FunctionTool = {
      kind: 'function',
      name: 'flaky',
      spec: { description: 'Fails after a while.', params: { type: 'object' } },
      config: { retry: { maxAttempts: 5, initialDelayMs: 1 } },
      async execute(_input, ctx) {
        attempts++;
        await clock.sleep(100, ctx.signal);
        throw new Error('flaky');
      },
    };
    const seenTools: unknown[] = [];
    const seenResults: string[] = [];
    const { model, agent } = await started([flaky], {
      clock,
      hooks: {
        beforeToolCall: (event) => void seenTools.push(event.tool),
        afterToolCall: (event) => void seenResults.push(event.result.status),
      },
    });
    model.connection.emit(bidiToolGroup([{ name: 'flaky', id: 'x' }]));
    await model.until(() => attempts === 1);
    model.connection.emit({ type: 'tool-cancel', toolCallIds: ['x'] });
    await model.until(() => model.toolResultCalls.length === 1);
    await clock.advance(1_000);
    expect(attempts).toBe(1);
    expect(seenTools).toEqual([flaky]);
    expect(seenResults).toEqual(['cancelled']);
    expect(model.toolResultCalls[0]?.[0]?.status).toBe('cancelled');
    await agent.stop();
  });
});
