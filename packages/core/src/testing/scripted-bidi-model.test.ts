import { describe, expect, it } from 'vitest';
import type { BidiModelEvent } from '../spec/bidi-model/v1/bidi-model-event.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import { ManualClock } from './clock.js';
import { ScriptedBidiModel } from './scripted-bidi-model.js';
import { bidiResponseEvents, bidiToolGroup, pcm16Silence } from './scripted-bidi-model-events.js';

async function collect(events: AsyncIterable<BidiModelEvent>, into: BidiModelEvent[]): Promise<unknown> {
  try {
    for await (const event of events) into.push(event);
    return 'ended';
  } catch (error) {
    return error;
  }
}

const result: ToolResult = {
  toolCallId: 'c1',
  toolName: 't',
  status: 'success',
  isError: false,
  result: 'ok',
  modelInput: { type: 'text', value: 'ok' },
};

describe('ScriptedBidiModel', () => {
  it('emits events on cue and records connects with their request', async () => {
    const model = new ScriptedBidiModel();
    const connection = await model.connect({ system: 's', tools: [], messages: [{ role: 'user', parts: [] }] });
    const seen: BidiModelEvent[] = [];
    const done = collect(connection.events(), seen);
    connection.respond('hello', { responseId: 'r1', audioChunks: 2 });
    await model.until(() => seen.length === 6);
    expect(seen.map((e) => e.type)).toEqual(['response-start', 'audio', 'audio', 'transcript', 'transcript', 'response-end']);
    expect(model.log[0]).toMatchObject({ type: 'connect', connection: 0, request: { system: 's', messages: [{ role: 'user' }] } });
    await connection.close();
    expect(await done).toBe('ended');
    expect(model.log.at(-1)).toEqual({ type: 'close', connection: 0 });
  });

  it('records inputs and each sendToolResults call as one entry, and runs reactions', async () => {
    const model = new ScriptedBidiModel({
      onInput: (input) => (input.type === 'text' ? bidiResponseEvents(`echo ${input.text}`, { responseId: 'r' }) : undefined),
      onToolResults: (results) => [bidiToolGroup([{ name: 'again', id: `after_${results.length}` }])],
    });
    const connection = await model.connect({ tools: [], messages: [] });
    const seen: BidiModelEvent[] = [];
    void collect(connection.events(), seen);
    await connection.send({ type: 'text', text: 'hi' });
    await connection.sendToolResults([result, { ...result, toolCallId: 'c2' }]);
    await model.until(() => seen.some((e) => e.type === 'tool-group'));
    expect(model.inputs).toEqual([{ type: 'text', text: 'hi' }]);
    expect(model.toolResultCalls).toHaveLength(1);
    expect(model.toolResultCalls[0]?.map((r) => r.toolCallId)).toEqual(['c1', 'c2']);
    expect(seen.find((e) => e.type === 'transcript')).toMatchObject({ delta: 'echo hi' });
    expect(seen.at(-1)).toMatchObject({ type: 'tool-group', calls: [{ toolCallId: 'after_2', toolName: 'again', toolArgs: '{}' }] });
  });

  it('records the delivery of each results call, context notes and live updates', async () => {
    const model = new ScriptedBidiModel();
    const connection = await model.connect({ tools: [], messages: [] });
    await connection.sendToolResults([result], { delivery: 'interrupt' });
    await connection.sendToolResults([{ ...result, toolCallId: 'c2' }]);
    await connection.send({ type: 'context', text: 'Ask the user first.', delivery: 'when-idle' });
    await connection.send({ type: 'text', text: 'hi' });
    await connection.update({ system: 'You book tables.' });
    expect(model.toolResultDeliveries).toEqual(['interrupt', undefined]);
    expect(connection.deliveries).toEqual(['interrupt', undefined]);
    expect(model.contextInputs).toEqual([{ type: 'context', text: 'Ask the user first.', delivery: 'when-idle' }]);
    expect(connection.updates).toEqual([{ system: 'You book tables.' }]);
    expect(model.log.filter((entry) => entry.type === 'update')).toEqual([{ type: 'update', connection: 0, update: { system: 'You book tables.' } }]);
  });

  it('simulates time-outs, go-aways, drops and normal ends', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const timedOut = await model.connect({ tools: [], messages: [] });
    const a: BidiModelEvent[] = [];
    const aDone = collect(timedOut.events(), a);
    timedOut.timeOut({ resumeToken: 'tok' });
    expect(await aDone).toBe('ended');
    expect(a).toEqual([{ type: 'timeout', resumeToken: 'tok' }]);
    await expect(timedOut.send({ type: 'text', text: 'late' })).rejects.toThrow(/has ended/);

    const goingAway = await model.connect({ tools: [], messages: [] });
    const b: BidiModelEvent[] = [];
    const bDone = collect(goingAway.events(), b);
    goingAway.goAway({ timeLeftMs: 1000 });
    await clock.advance(999);
    expect(goingAway.finished).toBe(false);
    await clock.advance(1);
    expect(await bDone).toBe('ended');
    expect(b).toEqual([{ type: 'go-away', timeLeftMs: 1000 }]);

    const dropped = await model.connect({ tools: [], messages: [] });
    const c: BidiModelEvent[] = [];
    const cDone = collect(dropped.events(), c);
    dropped.emit({ type: 'barge-in' });
    const lost = new Error('socket reset');
    dropped.drop(lost);
    expect(await cDone).toBe(lost);
    expect(c).toEqual([{ type: 'barge-in' }]);

    const ended = await model.connect({ tools: [], messages: [] });
    const dDone = collect(ended.events(), []);
    ended.end();
    expect(await dDone).toBe('ended');
    expect(() => ended.emit({ type: 'barge-in' })).toThrow(/has ended/);
    expect(model.connections.map((conn) => conn.index)).toEqual([0, 1, 2, 3]);
  });

  it('times connections out on its clock and paces emits', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, timeoutAfterMs: 60_000 });
    const connection = await model.connect({ tools: [], messages: [] });
    const seen: BidiModelEvent[] = [];
    const done = collect(connection.events(), seen);
    void connection.emitPaced(100, { type: 'barge-in', responseId: 'a' }, { type: 'barge-in', responseId: 'b' });
    await clock.advance(100);
    expect(seen).toHaveLength(1);
    await clock.advance(100);
    expect(seen).toHaveLength(2);
    await clock.advance(59_800);
    expect(await done).toBe('ended');
    expect(seen.at(-1)).toEqual({ type: 'timeout' });
  });

  it('fails connects on request and honours the connect signal', async () => {
    const model = new ScriptedBidiModel();
    const refused = new Error('503');
    model.failNextConnect(refused);
    await expect(model.connect({ tools: [], messages: [] })).rejects.toBe(refused);
    const controller = new AbortController();
    const connection = await model.connect({ tools: [], messages: [], signal: controller.signal });
    const done = collect(connection.events(), []);
    controller.abort();
    expect(await done).toBe('ended');
    expect(model.connection).toBe(connection);
    expect(pcm16Silence(20, 16_000).byteLength).toBe(640);
  });
});
