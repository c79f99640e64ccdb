// Faults (§23): a failing output is reported once and abandoned; ending is bounded even when user code
// never settles; reconnects back off and give up; a duplicate call id runs once.
import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';
import type { BidiEvent } from './bidi-event.js';
import type { BidiRunResult } from './bidi-run-options.js';
import { BidiOutputError } from './errors/bidi-output-error.js';
import { BidiStuckPeerError } from './errors/bidi-stuck-peer-error.js';
import type { FunctionTool } from '@tandem/core';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

function recorder(): BidiAgentOutput & { readonly events: BidiEvent[] } {
  const events: BidiEvent[] = [];
  return { events, write: (event) => void events.push(event) };
}

describe('BidiAgent with an output that fails', () => {
  for (const how of ['throws', 'rejects'] as const) {
    it(`an output whose write() ${how} is reported once, abandoned, and the conversation goes on`, async () => {
      const clock = new ManualClock();
      const model = new ScriptedBidiModel({ clock });
      const agent = new BidiAgent({ model, clock });
      let writes = 0;
      const failing: BidiAgentOutput = {
        write() {
          writes++;
          if (how === 'throws') throw new Error('speaker unplugged');
          return Promise.reject(new Error('speaker unplugged'));
        },
      };
      const healthy = recorder();
      const outcome: { result?: BidiRunResult } = {};
      void agent.run({ outputs: [failing, healthy] }).then((result) => {
        outcome.result = result;
      });
      await model.until(() => healthy.events.some((e) => e.type === 'connection-start'));
      await model.settle();
      model.connection.respond('Still here.');
      await model.until(() => healthy.events.some((e) => e.type === 'response-complete'));
      expect(writes).toBe(1);
      const errors = healthy.events.filter((e) => e.type === 'error');
      expect(errors).toHaveLength(1);
      const error = errors[0]?.type === 'error' ? errors[0].error : undefined;
      expect(BidiOutputError.isInstance(error) && error.index).toBe(0);
      expect(String((error as Error).message)).toContain('speaker unplugged');
      await agent.stop();
      await model.until(() => outcome.result !== undefined);
      expect(outcome.result?.reason).toBe('user-request');
      expect(healthy.events.at(-1)?.type).toBe('connection-close');
    });
  }
});

describe('BidiAgent with two outputs that fail', () => {
  it('each is reported once and abandoned: neither failure feeds the other, timers keep firing, the others go on', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock });
    const writes = [0, 0];
    const failing = (index: 0 | 1): BidiAgentOutput => ({
      write() {
        writes[index] = (writes[index] ?? 0) + 1;
        if (index === 0) throw new Error(`output ${String(index)} broke`);
        return Promise.reject(new Error(`output ${String(index)} broke`));
      },
    });
    const healthy = recorder();
    const outcome: { result?: BidiRunResult } = {};
    void agent.run({ outputs: [failing(0), failing(1), healthy] }).then((result) => {
      outcome.result = result;
    });
    await model.until(() => healthy.events.some((e) => e.type === 'connection-start'));
    await model.settle();
    // A real timer fires: the event loop is not spinning on failures fed back into outputs.
    await new Promise((resolve) => setTimeout(resolve, 1));
    model.connection.respond('Still here.');
    await model.until(() => healthy.events.some((e) => e.type === 'response-complete'));
    expect(writes).toEqual([1, 1]);
    const failed = healthy.events.flatMap((e) => (e.type === 'error' && BidiOutputError.isInstance(e.error) ? [e.error.index] : []));
    expect(failed.sort()).toEqual([0, 1]);
    await agent.stop();
    await model.until(() => outcome.result !== undefined);
    expect(outcome.result?.reason).toBe('user-request');
  });
});

describe('BidiAgent ending when user code never settles', () => {
  const never = new Promise<never>(() => undefined);

  it('stop() resolves within cancelGraceMs when a beforeToolCall hook never settles; the call is recorded cancelled', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, cancelGraceMs: 1_000, tools: [sleepTool('slow', clock, 10)], hooks: { beforeToolCall: () => never } });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'slow', id: 'h1' }]));
    await model.settle();
    let stopped = false;
    void agent.stop().then(() => {
      stopped = true;
    });
    await model.settle();
    expect(stopped).toBe(false);
    await clock.advance(1_000);
    await model.until(() => stopped);
    await done;
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(events.some((e) => e.type === 'error' && (e.error as { peer?: string }).peer === 'tool')).toBe(true);
    const tool = agent.messages.find((m) => m.role === 'tool');
    expect(tool?.parts).toMatchObject([{ type: 'tool-result', toolCallId: 'h1', status: 'cancelled' }]);
  });

  it('stop() resolves within cancelGraceMs when a messageAdded hook or a session append never settles', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const store = { load: async () => [], append: () => never, list: async () => [], delete: async () => undefined, close: async () => undefined };
    const agent = new BidiAgent({ model, clock, cancelGraceMs: 500, session: { store, id: 's1' }, hooks: { messageAdded: () => never } });
    await agent.start();
    await agent.send('hello');
    let stopped = false;
    void agent.stop().then(() => {
      stopped = true;
    });
    await model.settle();
    expect(stopped).toBe(false);
    await clock.advance(500);
    await model.settle();
    await clock.advance(500);
    await model.until(() => stopped);
    expect(agent.running).toBe(false);
  });
});

describe('BidiAgent.cancel() when user code never settles', () => {
  const never = new Promise<never>(() => undefined);
  const deaf: FunctionTool = {
    kind: 'function',
    name: 'deaf',
    description: 'Ignores its signal.',
    inputSchema: { type: 'object', properties: {} },
    execute: () => never,
  };

  for (const stuck of ['a tool ignoring its signal', 'an afterToolCall hook', 'a beforeToolCall hook'] as const) {
    it(`cancel() ends within cancelGraceMs when ${stuck} never settles; the call is answered cancelled once and named`, async () => {
      const clock = new ManualClock();
      const model = new ScriptedBidiModel({ clock });
      const tools = stuck === 'a tool ignoring its signal' ? [deaf] : [sleepTool('deaf', clock, 10)];
      const hooks =
        stuck === 'an afterToolCall hook' ? { afterToolCall: () => never } : stuck === 'a beforeToolCall hook' ? { beforeToolCall: () => never } : {};
      const agent = new BidiAgent({ model, clock, cancelGraceMs: 700, tools, hooks });
      await agent.start();
      const { events, done } = collect(agent);
      model.connection.emit(bidiToolGroup([{ name: 'deaf', id: 'd1' }]));
      await model.settle();
      await clock.advance(10);
      agent.cancel();
      await model.settle();
      await clock.advance(700);
      await done;
      expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
      expect(agent.running).toBe(false);
      const results = agent.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool-result');
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ toolCallId: 'd1' });
      const stuckTools = events.flatMap((e) => (e.type === 'error' && BidiStuckPeerError.isInstance(e.error) && e.error.peer === 'tool' ? [e.error] : []));
      expect(stuckTools.map((e) => [e.index, e.waitedMs, e.abandoned])).toEqual([[1, 700, ['tool deaf (d1)']]]);
      expect(stuckTools[0]?.message).toContain('(tool deaf (d1))');
      expect(events.filter((e) => e.type === 'error' && e.fatal !== false)).toEqual([]);
    });
  }

  it('a tool ignoring its signal that settles within cancelGraceMs: the end waits for it and reports nothing', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    let finish: () => void = () => undefined;
    const late: FunctionTool = { ...deaf, name: 'late', execute: () => new Promise<string>((resolve) => (finish = () => resolve('late answer'))) };
    const agent = new BidiAgent({ model, clock, cancelGraceMs: 700, tools: [late] });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'late', id: 'l1' }]));
    await model.settle();
    agent.cancel();
    await model.settle();
    await clock.advance(300);
    expect(events.some((e) => e.type === 'connection-close')).toBe(false); // still within the grace, the tool still running
    finish();
    await done;
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    const results = agent.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool-result');
    expect(results).toMatchObject([{ toolCallId: 'l1', status: 'cancelled' }]); // answered at the cancel; the late answer is ignored
  });

  it('the deprecated stopGraceMs still sets the grace', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, stopGraceMs: 300, hooks: { beforeToolCall: () => never }, tools: [sleepTool('slow', clock, 10)] });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'slow', id: 'h1' }]));
    await model.settle();
    let stopped = false;
    void agent.stop().then(() => {
      stopped = true;
    });
    await clock.advance(299);
    expect(stopped).toBe(false);
    await clock.advance(1);
    await model.until(() => stopped);
  });
});

describe('BidiAgent reconnecting to a provider that keeps failing', () => {
  it('backs off exponentially across connections that die young, then ends with connection-close error', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      clock,
      // Setup completes, then the connection fails at once — every time.
      onConnect: (connection) => void queueMicrotask(() => connection.drop(new Error('1011 internal error'))),
    });
    const agent = new BidiAgent({ model, clock, reconnect: { maxAttempts: 3, initialDelayMs: 100, maxDelayMs: 150 } });
    const events: BidiEvent[] = [];
    const outcome: { result?: BidiRunResult } = {};
    void agent.run({ outputs: [{ write: (event) => void events.push(event) }] }).then((result) => {
      outcome.result = result;
    });
    await model.until(() => model.connections.length === 2); // the first reconnect is immediate
    await model.settle();
    expect(model.connections).toHaveLength(2);
    await clock.advance(99);
    await model.settle();
    expect(model.connections).toHaveLength(2); // backing off 100 ms
    await clock.advance(1);
    await model.until(() => model.connections.length === 3);
    await clock.advance(149);
    await model.settle();
    expect(model.connections).toHaveLength(3); // doubled, capped at maxDelayMs
    await clock.advance(1);
    await model.until(() => model.connections.length === 4);
    await model.until(() => outcome.result !== undefined);
    expect(outcome.result?.reason).toBe('error');
    expect(model.connections).toHaveLength(4);
    expect(events.filter((e) => e.type === 'error' && e.fatal)).toHaveLength(1);
    expect(clock.pending).toBe(0);
  });
});

describe('BidiAgent and a provider that repeats a call id', () => {
  it('runs a duplicate toolCallId once, answers it once, and warns', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    let runs = 0;
    const count: FunctionTool = { kind: 'function', name: 'count', spec: { description: 'Counts.', params: { type: 'object' } }, execute: () => String(++runs) };
    const agent = new BidiAgent({ model, clock, tools: [count] });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'count', id: 'c1' }, { name: 'count', id: 'c1' }]));
    model.connection.emit(bidiToolGroup([{ name: 'count', id: 'c1' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    await model.settle();
    expect(runs).toBe(1);
    expect(model.toolResultCalls.map((call) => call.map((r) => r.toolCallId))).toEqual([['c1']]);
    expect(events.filter((e) => e.type === 'warning').map((e) => e.type === 'warning' && e.code)).toEqual(['duplicate-tool-call', 'duplicate-tool-call']);
    await agent.stop();
  });
});
