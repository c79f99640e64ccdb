import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionTool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentOptions } from './bidi-agent-options.js';
import type { BidiEvent } from './bidi-event.js';
import { collect, gate, sleepTool } from './__fixtures__/test-kit.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A tool that needs approval and records whether it ran. */
function risky(executed: string[], config?: FunctionTool['config']): FunctionTool {
  return {
    kind: 'function',
    name: 'delete_file',
    spec: { description: 'Deletes a file.', params: { type: 'object', properties: { path: { type: 'string' } } } },
    needsApproval: true,
    ...(config === undefined ? {} : { config }),
    execute(input) {
      executed.push(`delete ${(input as { path: string }).path}`);
      return 'deleted';
    },
  };
}

async function started(options: Partial<BidiAgentOptions> = {}) {
  const clock = new ManualClock();
  const executed: string[] = [];
  const model = new ScriptedBidiModel({ clock });
  const agent = new BidiAgent({ model, clock, tools: [sleepTool('a', clock, 10), risky(executed), sleepTool('b', clock, 20)], ...options });
  await agent.start();
  const { events, done } = collect(agent);
  return { clock, model, agent, events, done, executed };
}

const ofType = <T extends BidiEvent['type']>(events: readonly BidiEvent[], type: T) =>
  events.filter((event): event is Extract<BidiEvent, { type: T }> => event.type === type);

describe('BidiAgent tool approval', () => {
  it('a group of three: two finish and report while the third waits, the conversation goes on; approve → it runs, one delivery in call order', async () => {
    const { clock, model, agent, events, executed } = await started();
    model.connection.emit(bidiToolGroup([{ name: 'a', id: 'A' }, { name: 'delete_file', id: 'R', input: { path: '/tmp/x' } }, { name: 'b', id: 'B' }]));
    await model.until(() => ofType(events, 'tool-approval-request').length === 1);
    expect(ofType(events, 'tool-approval-request')[0]).toMatchObject({ groupId: 'group_1', toolCallId: 'R', toolName: 'delete_file', input: { path: '/tmp/x' } });

    await clock.advance(20);
    await model.until(() => ofType(events, 'tool-call-result').length === 2);
    expect(ofType(events, 'tool-call-result').map((e) => e.results[0]?.toolCallId)).toEqual(['A', 'B']);
    // The conversation goes on meanwhile: the user talks, the model answers, another group runs and is delivered.
    await agent.send('While that waits: what time is it?');
    model.connection.respond('It is noon.', { audioChunks: 1 });
    model.connection.emit(bidiToolGroup([{ name: 'a', id: 'A2' }]));
    await clock.advance(10);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.map((r) => r.toolCallId)).toEqual(['A2']);
    expect(executed).toEqual([]);

    agent.approve('R');
    await model.until(() => model.toolResultCalls.length === 2);
    expect(executed).toEqual(['delete /tmp/x']);
    expect(model.toolResultCalls[1]).toMatchObject([
      { toolCallId: 'A', status: 'success' },
      { toolCallId: 'R', status: 'success', result: 'deleted' },
      { toolCallId: 'B', status: 'success' },
    ]);
    expect(() => agent.approve('R')).toThrow(/No tool call "R" is waiting for approval \(none is waiting\)/);
    await agent.stop();
  });

  it('deny → an error result with the reason; the tool never runs', async () => {
    const { model, agent, events, executed } = await started();
    model.connection.emit(bidiToolGroup([{ name: 'delete_file', id: 'R', input: { path: '/etc' } }]));
    await model.until(() => ofType(events, 'tool-approval-request').length === 1);
    agent.deny('R', 'not on production');
    await model.until(() => model.toolResultCalls.length === 1);
    expect(executed).toEqual([]);
    expect(model.toolResultCalls[0]).toEqual([
      expect.objectContaining({ toolCallId: 'R', status: 'error', result: 'The user denied this tool call: not on production' }),
    ]);
    expect(agent.messages.at(-1)?.parts[0]).toMatchObject({ type: 'tool-result', status: 'error', modelInput: { type: 'text', value: 'The user denied this tool call: not on production' } });
    await agent.stop();
  });

  it('the approve option answers (asynchronously too); a denial without a reason has the plain text', async () => {
    const seen: unknown[] = [];
    const { model, agent, executed } = await started({
      async approve(request) {
        seen.push(request);
        return (request.input as { path: string }).path.startsWith('/tmp/') ? true : { approved: false };
      },
    });
    model.connection.emit(bidiToolGroup([{ name: 'delete_file', id: 'ok', input: { path: '/tmp/a' } }, { name: 'delete_file', id: 'no', input: { path: '/etc' } }]));
    await model.until(() => model.toolResultCalls.length === 1);
    expect(seen).toEqual([
      expect.objectContaining({ toolCallId: 'ok', toolName: 'delete_file', input: { path: '/tmp/a' } }),
      expect.objectContaining({ toolCallId: 'no', input: { path: '/etc' } }),
    ]);
    expect(executed).toEqual(['delete /tmp/a']);
    expect(model.toolResultCalls[0]?.map((r) => [r.toolCallId, r.status, r.result])).toEqual([
      ['ok', 'success', 'deleted'],
      ['no', 'error', 'The user denied this tool call.'],
    ]);
    await agent.stop();
  });

  it.each(['stop', 'cancel'] as const)('%s() while a call waits: it is recorded cancelled, never runs, and the history stays paired', async (how) => {
    const { model, agent, events, done, executed } = await started();
    model.connection.emit(bidiToolGroup([{ name: 'delete_file', id: 'R', input: { path: '/x' } }]));
    await model.until(() => ofType(events, 'tool-approval-request').length === 1);
    if (how === 'stop') await agent.stop();
    else agent.cancel();
    await done;
    expect(executed).toEqual([]);
    expect(ofType(events, 'tool-group-complete')[0]?.results).toEqual([expect.objectContaining({ toolCallId: 'R', status: 'cancelled' })]);
    expect(agent.messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(() => agent.deny('R')).toThrow(/No tool call "R" is waiting/);
  });

  it("the tool's approvalTimeoutMs bounds the wait (not its timeoutMs): an unanswered call becomes a timeout error result", async () => {
    vi.useFakeTimers();
    const executed: string[] = [];
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, tools: [risky(executed, { timeoutMs: 1_000, approvalTimeoutMs: 30_000 })] });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'delete_file', id: 'R', input: { path: '/x' } }]));
    await model.until(() => ofType(events, 'tool-approval-request').length === 1, { maxTurns: 50 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(model.toolResultCalls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await model.until(() => model.toolResultCalls.length === 1, { maxTurns: 50 });
    expect(model.toolResultCalls[0]?.[0]).toMatchObject({ toolCallId: 'R', status: 'error', result: 'The approval timed out after 30000 ms' });
    expect(executed).toEqual([]);
    expect(() => agent.approve('R')).toThrow(TypeError);
    await agent.stop();
  });

  it('approve()/deny() of an id that is not waiting throws a TypeError listing the waiting calls', async () => {
    const { model, agent, events } = await started();
    expect(() => agent.approve('nope')).toThrow(/none is waiting/);
    model.connection.emit(bidiToolGroup([{ name: 'delete_file', id: 'R', input: { path: '/x' } }]));
    await model.until(() => ofType(events, 'tool-approval-request').length === 1);
    expect(() => agent.deny('nope')).toThrow(/No tool call "nope" is waiting for approval \(waiting: R\)/);
    await agent.stop();
    expect(() => new BidiAgent({ model: new ScriptedBidiModel(), approve: 'yes' as never })).toThrow(/approve must be a function/);
  });

  it('a call needing approval does not hold up the end of a conversation whose inputs ended: run() ends once it is answered', async () => {
    const clock = new ManualClock();
    const executed: string[] = [];
    const model = new ScriptedBidiModel({
      clock,
      onInput: () => [bidiToolGroup([{ name: 'delete_file', id: 'R', input: { path: '/tmp/y' } }])],
      onToolResults: () => bidiResponseEvents('Done.'),
    });
    const agent = new BidiAgent({ model, clock, tools: [risky(executed)], responseWaitMs: 10 });
    const said = gate();
    let sent = false;
    const events: BidiEvent[] = [];
    const running = agent.run({
      inputs: [{ read: async () => (sent ? { type: 'end' } : ((sent = true), { type: 'text', text: 'Delete /tmp/y' })) }],
      outputs: [
        {
          write(event) {
            events.push(event);
            if (event.type === 'tool-approval-request') said.open();
          },
        },
      ],
    });
    await said.promise;
    await clock.advance(1_000);
    expect(events.some((e) => e.type === 'connection-close')).toBe(false);
    agent.approve('R');
    await clock.advance(10);
    const { reason } = await running;
    expect(reason).toBe('complete');
    expect(executed).toEqual(['delete /tmp/y']);
  });
});
