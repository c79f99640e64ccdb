import { describe, expect, it } from 'vitest';
import type { FunctionTool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentInput } from './bidi-agent-input.js';
import { BidiAgentStateError } from './errors/bidi-agent-state-error.js';
import { collect, endConversation, gate, sleepTool, types } from './__fixtures__/test-kit.js';

/** A `makeStop()`-style tool: ends the conversation after the group, with a closing message. */
const stopTool: FunctionTool<{ message?: string }> = {
  kind: 'function',
  name: 'stop',
  spec: { description: 'Stop.', params: { type: 'object', properties: { message: { type: 'string' } } } },
  execute({ message }, ctx) {
    const text = message ?? 'Agent loop stopped.';
    ctx.agent.cancel({ afterCurrentTools: true, message: text });
    return text;
  },
};

/** `stop()` while a tool ignores its signal: the end waits the default grace (2 s) for it, then goes on. */
async function stopIgnoringStubborn(agent: BidiAgent, model: ScriptedBidiModel, clock: ManualClock): Promise<void> {
  let stopped = false;
  const stopping = agent.stop().then(() => {
    stopped = true;
  });
  await model.settle();
  expect(stopped).toBe(false);
  await clock.advance(2_000);
  await stopping;
}

describe('BidiAgent ending', () => {
  it('end_conversation with a slower tool in its group: the slower tool finishes and is recorded before connection-close', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const seen: { signal?: AbortSignal } = {};
    const agent = new BidiAgent({ model, clock, tools: [endConversation, sleepTool('save_notes', clock, 2000, 'saved', seen)] });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'end_conversation', id: 'end' }, { name: 'save_notes', id: 'notes' }]));
    await model.until(() => events.some((e) => e.type === 'tool-call-result'));

    // end_conversation has returned; the conversation goes on until its group is done.
    model.connection.respond('Goodbye!', { responseId: 'bye' });
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    expect(agent.running).toBe(true);
    expect(types(events)).not.toContain('connection-close');

    await clock.advance(2000);
    await done;
    expect(seen.signal?.aborted).toBe(false);
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    const groupComplete = events.findIndex((e) => e.type === 'tool-group-complete');
    expect(groupComplete).toBeGreaterThan(-1);
    expect(events[groupComplete]).toMatchObject({
      results: [
        { toolCallId: 'end', status: 'success', result: 'Ending conversation.' },
        { toolCallId: 'notes', status: 'success', result: 'saved' },
      ],
    });
    const toolMessage = agent.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.parts.map((p) => (p.type === 'tool-result' ? [p.toolCallId, p.status] : []))).toEqual([
      ['end', 'success'],
      ['notes', 'success'],
    ]);
    expect(model.toolResultCalls).toHaveLength(0); // the conversation ended: no further model turn
    expect(model.connection.closed).toBe(true);
    expect(agent.running).toBe(false);
  });

  it('a stop tool (cancel({ afterCurrentTools, message })) ends after its group and appends the message', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, tools: [stopTool, sleepTool('slow', clock, 500)] });
    const running = agent.run();
    await model.until(() => model.connections.length === 1);
    model.connection.emit(bidiToolGroup([{ name: 'stop', id: 's', input: { message: 'Bye for now.' } }, { name: 'slow', id: 'x' }]));
    await model.settle();
    expect(agent.running).toBe(true);
    await clock.advance(500);
    const result = await running;
    expect(result.reason).toBe('user-request');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'Bye for now.' }] });
    expect(result.messages.at(-2)?.role).toBe('tool');
  });

  it('cancel() from outside ends at once: running tools are aborted and recorded as cancelled, connection-close last', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const seen: { signal?: AbortSignal } = {};
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('long', clock, 60_000, 'never', seen)] });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'long', id: 'l' }]));
    model.connection.respond('Still talking', { responseId: 'r', open: true });
    await model.until(() => seen.signal !== undefined && model.connection.pendingEvents === 0);
    agent.cancel();
    await done;
    expect(seen.signal?.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(events.filter((e) => e.type === 'connection-close')).toHaveLength(1);
    expect(events.find((e) => e.type === 'tool-group-complete')).toMatchObject({ results: [{ toolCallId: 'l', status: 'cancelled' }] });
    expect(events.find((e) => e.type === 'response-complete')).toMatchObject({ responseId: 'r', stopReason: 'interrupted' });
    const results = agent.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool-result');
    expect(results).toEqual([expect.objectContaining({ toolCallId: 'l', status: 'cancelled' })]);
    await expect(agent.send('hello?')).rejects.toBeInstanceOf(BidiAgentStateError);
  });

  it('deferred state never leaks: a tool of a stopped conversation cannot end the next one, which starts clean', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const release = gate();
    const stubborn: FunctionTool = {
      kind: 'function',
      name: 'stubborn',
      spec: { description: 'Ignores its signal, then ends the conversation.', params: { type: 'object' } },
      async execute(_input, ctx) {
        await release.promise;
        ctx.agent.cancel();
        return 'late';
      },
    };
    const agent = new BidiAgent({ model, clock, tools: [stubborn, endConversation, sleepTool('slow', clock, 100)] });

    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'end_conversation', id: 'e1' }, { name: 'slow', id: 's1' }, { name: 'stubborn', id: 'x1' }]));
    await model.settle();
    // Ends now, although end_conversation's deferred cancel was pending; the stubborn tool gets the grace (2 s).
    await stopIgnoringStubborn(agent, model, clock);
    expect(agent.running).toBe(false);

    await agent.start();
    const { events } = collect(agent);
    release.open(); // the old conversation's tool now calls cancel(): ignored
    await clock.advance(100);
    await model.settle();
    expect(agent.running).toBe(true);
    expect(types(events)).not.toContain('connection-close');
    // The new connection replays the history, where every call of the first conversation has its result.
    const replayed = model.connection.request.messages.flatMap((m) => m.parts);
    expect(replayed.filter((p) => p.type === 'tool-call').map((p) => (p.type === 'tool-call' ? p.toolCallId : ''))).toEqual(['e1', 's1', 'x1']);
    expect(replayed.filter((p) => p.type === 'tool-result').map((p) => (p.type === 'tool-result' ? p.status : ''))).toEqual([
      'success',
      'cancelled',
      'cancelled',
    ]);
    model.connection.emit(bidiToolGroup([{ name: 'slow', id: 's2' }]));
    await clock.advance(100);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(agent.running).toBe(true);
    await agent.stop();
  });

  it('a tool of a stopped conversation cannot stop() the next one or send() into it', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const release = gate();
    const outcome: { send?: unknown } = {};
    const stubborn: FunctionTool = {
      kind: 'function',
      name: 'stubborn',
      spec: { description: 'Ignores its signal, then talks and hangs up.', params: { type: 'object' } },
      async execute(_input, ctx) {
        await release.promise;
        outcome.send = await (ctx.agent as BidiAgent).send('late').then(
          () => 'sent',
          (error: unknown) => error,
        );
        await (ctx.agent as BidiAgent).stop();
        return 'late';
      },
    };
    const agent = new BidiAgent({ model, clock, tools: [stubborn] });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'stubborn', id: 'x1' }]));
    await model.settle();
    await stopIgnoringStubborn(agent, model, clock);

    await agent.start();
    const { events } = collect(agent);
    release.open();
    await model.settle();
    expect(outcome.send).toBeInstanceOf(BidiAgentStateError);
    expect(model.inputs).toEqual([]);
    expect(agent.running).toBe(true);
    expect(types(events)).not.toContain('connection-close');
    await agent.stop();
  });

  it('run() ends with complete once every input has ended and the agent is idle', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      clock,
      onInput: (input) =>
        input.type === 'text' ? [bidiToolGroup([{ name: 'slow', id: 'w' }]), ...bidiResponseEvents('On it.')] : undefined,
      onToolResults: () => bidiResponseEvents('Done!'),
    });
    const lines = ['Do the slow thing'];
    const input: BidiAgentInput = {
      async read() {
        const text = lines.shift();
        return text === undefined ? { type: 'end' } : { type: 'text', text };
      },
    };
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('slow', clock, 1000)] });
    let closed = false;
    const running = agent.run({ inputs: [input] }).then((result) => {
      closed = true;
      return result;
    });
    await model.until(() => model.inputs.length === 1);
    await model.settle();
    expect(closed).toBe(false); // the tool still runs
    await clock.advance(1000);
    const result = await running;
    expect(result.reason).toBe('complete');
    expect(model.toolResultCalls).toHaveLength(1);
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'Done!' }] });
  });

  it('run() ends at once with client-disconnect when an input reports it', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model });
    const result = await agent.run({ inputs: [{ read: async () => ({ type: 'end', reason: 'client-disconnect' }) }] });
    expect(result.reason).toBe('client-disconnect');
  });

  it('await using stops the conversation on scope exit; abort signals cancel run()', async () => {
    const model = new ScriptedBidiModel();
    {
      await using agent = new BidiAgent({ model });
      await agent.start();
      expect(agent.running).toBe(true);
    }
    expect(model.connections[0]?.closed).toBe(true);

    const controller = new AbortController();
    const agent = new BidiAgent({ model });
    const running = agent.run({ signal: controller.signal });
    await model.until(() => model.connections.length === 2);
    controller.abort();
    await expect(running).resolves.toMatchObject({ reason: 'user-request' });
    await expect(agent.start()).resolves.toBeUndefined();
    await expect(agent.start()).rejects.toBeInstanceOf(BidiAgentStateError);
    await agent.stop();
  });

  it('ends with complete when the provider closes the session normally', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model });
    const running = agent.run();
    await model.until(() => model.connections.length === 1);
    model.connection.end();
    await expect(running).resolves.toMatchObject({ reason: 'complete' });
  });
});
