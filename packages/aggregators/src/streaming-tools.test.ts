import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent, type FunctionTool, type ToolResult, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { TextAggregator } from './index.js';

interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function textTool(name: string, body: FunctionTool['execute']): FunctionTool {
  return {
    kind: 'function',
    name,
    description: `The ${name} tool.`, inputSchema: { type: 'object' },
    aggregator: TextAggregator,
    execute: body,
  };
}

function resultsOf(events: readonly AgentEvent[]): Map<string, ToolResult> {
  const map = new Map<string, ToolResult>();
  for (const event of events) if (event.type === 'tool-call-result') for (const r of event.results) map.set(r.toolCallId, r);
  return map;
}

describe('streaming tools', () => {
  it('interleaves the partials of two streaming tools in one group, each with its own seq and result', async () => {
    const bFirst = deferred();
    const aSecond = deferred();
    const bSecond = deferred();
    const alpha = textTool('alpha', async function* () {
      yield 'a1';
      await aSecond.promise;
      yield 'a2';
    });
    const beta = textTool('beta', async function* () {
      await bFirst.promise;
      yield 'b1';
      await bSecond.promise;
      yield 'b2';
    });
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'alpha', input: {}, id: 'call_a' },
          { name: 'beta', input: {}, id: 'call_b' },
        ]),
        textResponse('Both done.'),
      ],
    });
    const run = new Agent({ tools: [alpha, beta] }).run(model, [userMessage('Run both.')]);
    const events: AgentEvent[] = [];
    // Each partial opens the gate of the next one, forcing the order a1, b1, a2, b2.
    const next: Record<string, Deferred> = { a1: bFirst, b1: aSecond, a2: bSecond };
    for await (const event of run) {
      events.push(event);
      if (event.type === 'partial-tool-call-result') next[event.value as string]?.resolve();
    }
    await run.result;

    const partials = events.filter((e) => e.type === 'partial-tool-call-result');
    expect(partials.map((e) => [e.toolCallId, e.seq, e.value])).toEqual([
      ['call_a', 0, 'a1'],
      ['call_b', 0, 'b1'],
      ['call_a', 1, 'a2'],
      ['call_b', 1, 'b2'],
    ]);
    const results = resultsOf(events);
    expect(results.get('call_a')).toMatchObject({ status: 'success', result: 'a1a2' });
    expect(results.get('call_b')).toMatchObject({ status: 'success', result: 'b1b2' });
    expect(new Set(partials.map((e) => e.step))).toEqual(new Set([1]));
    // Results reach the model in call order.
    expect(model.requests[1]?.messages.at(-1)?.parts.map((p) => (p.type === 'tool-result' ? p.result : undefined))).toEqual([
      'a1a2',
      'b1b2',
    ]);
  });

  it('keeps the partials of a tool that throws half-way and states the text so far in its error result', async () => {
    const failure = new Error('database offline');
    const flaky = textTool('flaky', async function* () {
      yield 'Checking ';
      yield 'records for ';
      throw failure;
    });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'flaky', input: {}, id: 'call_flaky' }]), textResponse('It failed.')],
    });
    const run = new Agent({ tools: [flaky] }).run(model, [userMessage('Check.')]);
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    const result = await run.result;

    expect(events.filter((e) => e.type === 'partial-tool-call-result').map((e) => e.value)).toEqual([
      'Checking ',
      'records for ',
    ]);
    const final = events.find((e) => e.type === 'tool-call-result');
    expect(final?.type === 'tool-call-result' && final.exception).toBe(failure);
    const toolResult = resultsOf(events).get('call_flaky')!;
    expect(toolResult.status).toBe('error');
    expect(String(toolResult.result)).toContain('database offline');
    expect(String(toolResult.result)).toContain('Checking records for ');
    // The loop goes on: the model sees the error and answers.
    expect(model.requests).toHaveLength(2);
    expect(result.stopReason).toBe('endTurn');
  });

  it('stops the generator on abort — its finally runs and nothing after the pending yield executes', async () => {
    const gate = deferred();
    const finallyRan = deferred();
    let ranPastYield = false;
    const endless = textTool('endless', async function* () {
      try {
        yield 'one';
        await gate.promise; // ignores the signal on purpose
        yield 'two';
        ranPastYield = true;
        yield 'three';
      } finally {
        finallyRan.resolve();
      }
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'endless', input: {}, id: 'call_endless' }])] });
    const controller = new AbortController();
    const run = new Agent({ tools: [endless] }).run(model, [userMessage('Go.')], { signal: controller.signal });
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === 'partial-tool-call-result') controller.abort();
    }
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(resultsOf(events).get('call_endless')?.status).toBe('cancelled');

    gate.resolve();
    await finallyRan.promise;
    expect(ranPastYield).toBe(false);
    expect(events.filter((e) => e.type === 'partial-tool-call-result').map((e) => e.value)).toEqual(['one']);
    expect(model.requests).toHaveLength(1);
  });

  it('lets a generator that honours ctx.signal clean up at once on abort', async () => {
    const finallyRan = deferred();
    let reason: unknown;
    const watcher = textTool('watcher', async function* (_input, ctx) {
      try {
        yield 'watching';
        await new Promise<never>((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
      } catch (error) {
        reason = error;
        throw error;
      } finally {
        finallyRan.resolve();
      }
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'watcher', input: {}, id: 'call_watch' }])] });
    const controller = new AbortController();
    const run = new Agent({ tools: [watcher] }).run(model, [userMessage('Go.')], { signal: controller.signal });
    for await (const event of run) if (event.type === 'partial-tool-call-result') controller.abort();
    await finallyRan.promise;
    expect((await run.result).stopReason).toBe('cancelled');
    expect(reason).toBeDefined();
  });
});
