// BidiAgent hooks, as on Agent: beforeToolCall / afterToolCall / messageAdded, from the options and agent.on().
import { describe, expect, it } from 'vitest';
import type { Message } from '@tandem/core/spec';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiEvent } from './bidi-event.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

describe('BidiAgent hooks', () => {
  it('runs beforeToolCall (may cancel or change input) and afterToolCall (may replace the result)', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({
      model,
      clock,
      tools: [sleepTool('a', clock, 10), sleepTool('b', clock, 10)],
      hooks: {
        beforeToolCall(event) {
          if (event.toolCall.toolName === 'b') event.cancel = 'Not now.';
        },
      },
    });
    agent.on('afterToolCall', (event) => {
      if (event.result.toolName === 'a') event.result = { ...event.result, result: 'patched', modelInput: { type: 'text', value: 'patched' } };
    });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'a', id: 'a1' }, { name: 'b', id: 'b1' }]));
    await clock.advance(10);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]).toMatchObject([
      { toolCallId: 'a1', result: 'patched' },
      { toolCallId: 'b1', status: 'error', result: expect.stringContaining('Not now.') },
    ]);
    await agent.stop();
  });

  it('messageAdded sees every message added to history, in order; on() returns an unsubscribe', async () => {
    const model = new ScriptedBidiModel();
    const seen: Message[] = [];
    const agent = new BidiAgent({ model });
    const off = agent.on('messageAdded', ({ message }) => void seen.push(message));
    await agent.start();
    await agent.send('one');
    model.connection.respond('Answer.');
    await model.until(() => seen.length === 2);
    off();
    await agent.send('two');
    await model.settle();
    expect(seen.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(agent.messages).toHaveLength(3);
    await agent.stop();
  });

  it('a failing messageAdded hook is reported as a non-fatal error; the conversation goes on', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, hooks: { messageAdded: () => Promise.reject(new Error('audit log down')) } });
    await agent.start();
    const { events } = collect(agent);
    await agent.send('hello');
    await model.until(() => events.some((e: BidiEvent) => e.type === 'error'));
    expect(events.find((e) => e.type === 'error')).toMatchObject({ fatal: false, error: new Error('audit log down') });
    expect(agent.running).toBe(true);
    await agent.stop();
  });

  it('on() rejects an unknown hook name', () => {
    const agent = new BidiAgent({ model: new ScriptedBidiModel() });
    expect(() => agent.on('beforeModelCall' as 'messageAdded', () => undefined)).toThrow(/unknown hook "beforeModelCall"/);
  });
});

describe('BidiAgent connection limit', () => {
  it('one restart timer per connection: a go-away replaces the connection-limit timer', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { maxConnectionMs: 60_000 } });
    const agent = new BidiAgent({ model, clock, reconnect: { marginMs: 10_000 } });
    await agent.start();
    expect(clock.pending).toBe(1); // the connection-limit timer
    model.connection.respond('Long answer', { responseId: 'r1', open: true });
    model.connection.goAway({ timeLeftMs: 5_000 });
    await model.settle();
    expect(clock.pending).toBe(2); // the go-away's own timer and the scripted provider's close, not a third
    await clock.advance(5_000);
    await model.until(() => model.connections.length === 2);
    await model.settle();
    expect(model.log.filter((entry) => entry.type === 'connect')).toHaveLength(2);
    expect(clock.pending).toBe(1); // the new connection's limit timer only
    await agent.stop();
    expect(clock.pending).toBe(0);
  });
});
