// Delivery policy (§15): a group goes in one sendToolResults call with its most urgent mode; results that
// arrive after the user moved on are framed for the model, while history keeps the plain result.
import { describe, expect, it } from 'vitest';
import type { FunctionTool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { sleepTool } from './__fixtures__/test-kit.js';

function quick(name: string, delivery?: FunctionTool['delivery']): FunctionTool {
  return {
    kind: 'function',
    name,
    spec: { description: `${name}.`, params: { type: 'object' } },
    execute: () => `${name} ok`,
    ...(delivery === undefined ? {} : { delivery }),
  };
}

describe('BidiAgent delivery policy', () => {
  it('puts each tool’s delivery in the definitions sent at connect', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, tools: [quick('alarm', 'interrupt'), quick('note')] });
    await agent.start();
    expect(model.connection.request.tools).toMatchObject([{ name: 'alarm', delivery: 'interrupt' }, { name: 'note' }]);
    expect(model.connection.request.tools[1]).not.toHaveProperty('delivery');
    await agent.stop();
  });

  it('sends each group with its most urgent mode: interrupt > when-idle > silent (default when-idle)', async () => {
    const model = new ScriptedBidiModel();
    const tools = [quick('loud', 'interrupt'), quick('plain'), quick('quiet', 'silent')];
    const agent = new BidiAgent({ model, tools });
    await agent.start();
    const groups = [
      [{ name: 'quiet', id: 'a1' }, { name: 'loud', id: 'a2' }, { name: 'plain', id: 'a3' }],
      [{ name: 'quiet', id: 'b1' }, { name: 'plain', id: 'b2' }],
      [{ name: 'quiet', id: 'c1' }, { name: 'quiet', id: 'c2' }],
      [{ name: 'plain', id: 'd1' }],
    ];
    for (const [index, calls] of groups.entries()) {
      model.connection.emit(bidiToolGroup(calls));
      await model.until(() => model.toolResultCalls.length === index + 1);
    }
    expect(model.toolResultDeliveries).toEqual(['interrupt', 'when-idle', 'silent', 'when-idle']);
    expect(model.toolResultCalls.map((call) => call.map((r) => r.toolCallId))).toEqual([['a1', 'a2', 'a3'], ['b1', 'b2'], ['c1', 'c2'], ['d1']]);
    await agent.stop();
  });

  it('hands when-idle results over at once, even while the model speaks (the adapter waits for idle)', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, tools: [quick('plain')] });
    await agent.start();
    model.connection.respond('Talking...', { responseId: 'r1', open: true });
    model.connection.emit(bidiToolGroup([{ name: 'plain', id: 'p1' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultDeliveries).toEqual(['when-idle']);
    await agent.stop();
  });
});

describe('BidiAgent late results', () => {
  async function lateGroup(lateResultNote?: string | false) {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('lookup', clock, 1_000, 'It is sunny.')], ...(lateResultNote === undefined ? {} : { lateResultNote }) });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'lookup', id: 'w1' }]));
    await model.settle();
    model.connection.emit({ type: 'transcript', role: 'user', delta: 'Anyway, tell me a joke.', final: true });
    await model.settle();
    await clock.advance(1_000);
    await model.until(() => model.toolResultCalls.length === 1);
    return { model, agent };
  }

  it('prefixes the model input of a group delivered after a completed user turn; history keeps the plain result', async () => {
    const { model, agent } = await lateGroup();
    expect(model.toolResultCalls[0]?.[0]?.modelInput).toEqual({
      type: 'text',
      value: '(This result arrived after the conversation moved on; mention it briefly.) It is sunny.',
    });
    const stored = agent.messages.find((m) => m.role === 'tool')?.parts[0];
    expect(stored).toMatchObject({ type: 'tool-result', result: 'It is sunny.', modelInput: { type: 'text', value: 'It is sunny.' } });
    await agent.stop();
  });

  it('uses a custom note, and none with lateResultNote: false', async () => {
    const custom = await lateGroup('[late]');
    expect(custom.model.toolResultCalls[0]?.[0]?.modelInput).toEqual({ type: 'text', value: '[late] It is sunny.' });
    await custom.agent.stop();
    const off = await lateGroup(false);
    expect(off.model.toolResultCalls[0]?.[0]?.modelInput).toEqual({ type: 'text', value: 'It is sunny.' });
    await off.agent.stop();
  });

  it('leaves a result alone when no user turn completed since its call (a partial transcript does not count)', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('lookup', clock, 1_000, 'It is sunny.')] });
    await agent.start();
    await agent.send('What is the weather?'); // before the call: does not make it late
    model.connection.emit(bidiToolGroup([{ name: 'lookup', id: 'w1' }]));
    await model.settle();
    model.connection.emit({ type: 'transcript', role: 'user', delta: 'Anyway', final: false });
    await clock.advance(1_000);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.[0]?.modelInput).toEqual({ type: 'text', value: 'It is sunny.' });
    await agent.stop();
  });

  it('a typed turn counts as a completed user turn', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('lookup', clock, 1_000, 'It is sunny.')] });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'lookup', id: 'w1' }]));
    await model.settle();
    await agent.send('Never mind.');
    await clock.advance(1_000);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.[0]?.modelInput).toMatchObject({ value: expect.stringMatching(/^\(This result arrived after/) });
    await agent.stop();
  });
});
