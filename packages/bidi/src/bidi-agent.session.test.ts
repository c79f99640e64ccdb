import { describe, expect, it } from 'vitest';
import { memorySessionStore, type SessionStore } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import type { Message } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import type { BidiEvent } from './bidi-event.js';
import { BidiSessionAppendError } from './errors/bidi-session-append-error.js';
import { collect, gate, sleepTool, type Gate } from './__fixtures__/test-kit.js';

const text = (role: Message['role'], value: string): Message => ({ role, parts: [{ type: 'text', text: value }] });

/** A memory store that records appends, can hold them on a gate and can fail them. */
function instrumentedStore(): SessionStore & { appends: Message[][]; inFlight: number; maxInFlight: number; hold?: Gate; fail?: Error } {
  const inner = memorySessionStore();
  const store = {
    ...inner,
    appends: [] as Message[][],
    inFlight: 0,
    maxInFlight: 0,
    hold: undefined as Gate | undefined,
    fail: undefined as Error | undefined,
    async append(id: string, messages: readonly Message[]) {
      store.inFlight++;
      store.maxInFlight = Math.max(store.maxInFlight, store.inFlight);
      try {
        await store.hold?.promise;
        if (store.fail !== undefined) throw store.fail;
        store.appends.push([...messages]);
        await inner.append(id, messages);
      } finally {
        store.inFlight--;
      }
    },
  };
  return store;
}

describe('BidiAgent sessions', () => {
  it('loads and repairs the stored history before the first connection, so it is replayed to the model', async () => {
    const store = memorySessionStore();
    await store.append('chat', [
      text('user', 'Set a timer'),
      { role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'lost', toolName: 'set_timer', toolArgs: '{"seconds":5}' }] },
    ]);
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, session: { store, id: 'chat' }, messages: [text('user', 'I am back.')] });
    await agent.start();
    const repaired = {
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: 'lost', toolName: 'set_timer', status: 'cancelled', result: expect.any(String), modelInput: expect.anything() }],
    };
    expect(model.connection.request.messages).toEqual([text('user', 'Set a timer'), expect.objectContaining({ role: 'assistant' }), repaired, text('user', 'I am back.')]);
    expect(agent.messages).toEqual(model.connection.request.messages);
    await agent.stop();
    // The repair lives in memory; the starting messages are stored after what was there.
    expect((await store.load('chat')).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('appends each message as it is added, one append at a time, in order — a group’s results as one tool message when it ends', async () => {
    const clock = new ManualClock();
    const store = instrumentedStore();
    const model = new ScriptedBidiModel({
      clock,
      onInput: () => [bidiToolGroup([{ name: 'a', id: 'A' }, { name: 'b', id: 'B' }]), ...bidiResponseEvents('Working on it.')],
      onToolResults: () => bidiResponseEvents('Both done.'),
    });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('a', clock, 10), sleepTool('b', clock, 20)], session: { store, id: 's1' } });
    await agent.start();
    const { events } = collect(agent);
    store.hold = gate(); // appends wait: later messages must queue behind, not overtake
    await agent.send('Do a and b');
    model.connection.emit({ type: 'transcript', role: 'user', delta: 'and hurry', final: true });
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    await clock.advance(10);
    expect(store.appends).toEqual([]);
    store.hold.open();
    await clock.advance(10);
    await model.until(() => events.filter((e) => e.type === 'response-complete').length === 2);
    await agent.stop();
    expect(store.maxInFlight).toBe(1);
    expect(store.appends.every((batch) => batch.length === 1)).toBe(true);
    expect(await store.load('s1')).toEqual(agent.messages);
    expect(agent.messages.map((m) => [m.role, m.parts.map((p) => p.type).join()])).toEqual([
      ['user', 'text'],
      ['assistant', 'tool-call,tool-call'],
      ['assistant', 'text'],
      ['user', 'text'],
      ['tool', 'tool-result,tool-result'],
      ['assistant', 'text'],
    ]);
  });

  it('a failing append is a non-fatal error event; the conversation and later appends go on', async () => {
    const store = instrumentedStore();
    const model = new ScriptedBidiModel({ onInput: (input) => bidiResponseEvents(input.type === 'text' ? `You said ${input.text}` : '') });
    const agent = new BidiAgent({ model, session: { store, id: 's2' } });
    await agent.start();
    const { events, done } = collect(agent);
    store.fail = new Error('disk full');
    await agent.send('one');
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    store.fail = undefined;
    await agent.send('two');
    await model.until(() => events.filter((e) => e.type === 'response-complete').length === 2);
    await agent.stop();
    await done;
    const errors = events.filter((e): e is Extract<BidiEvent, { type: 'error' }> => e.type === 'error');
    expect(errors.length).toBe(2); // 'one' and 'You said one'
    for (const error of errors) {
      expect(error.fatal).toBe(false);
      expect(BidiSessionAppendError.isInstance(error.error)).toBe(true);
      expect(error.error).toMatchObject({ sessionId: 's2', cause: expect.objectContaining({ message: 'disk full' }) });
    }
    expect((await store.load('s2')).map((m) => (m.parts[0]?.type === 'text' ? m.parts[0].text : ''))).toEqual(['two', 'You said two']);
    expect(agent.messages).toHaveLength(4);
  });

  it('stop() resolves only after pending appends settle, and at most cancelGraceMs later (then reports the append)', async () => {
    const clock = new ManualClock();
    const store = instrumentedStore();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, session: { store, id: 's3' }, cancelGraceMs: 500 });
    await agent.start();
    const { events, done } = collect(agent);
    store.hold = gate();
    await agent.send('slow to store');
    let stopped = false;
    const stopping = agent.stop().then(() => (stopped = true));
    await model.settle();
    expect(stopped).toBe(false);
    store.hold.open();
    await stopping;
    expect(await store.load('s3')).toHaveLength(1);
    await done;
    expect(events.some((e) => e.type === 'error')).toBe(false);

    // A store that never answers holds the end for cancelGraceMs only.
    store.hold = { promise: new Promise(() => undefined), open: () => undefined };
    await agent.start();
    const second = collect(agent);
    await agent.send('never stored');
    let ended = false;
    const ending = agent.stop().then(() => (ended = true));
    await clock.advance(499);
    expect(ended).toBe(false);
    await clock.advance(1);
    await ending;
    await second.done;
    const stuck = second.events.filter((e) => e.type === 'error');
    expect(stuck).toHaveLength(1);
    expect(stuck[0]).toMatchObject({ fatal: false, error: { name: 'BidiSessionAppendError', sessionId: 's3', waitedMs: 500 } });
    expect(second.events.at(-1)).toMatchObject({ type: 'connection-close' });
  });

  it('a store that cannot load fails start() with its error; nothing connects; a later start() loads again', async () => {
    const inner = memorySessionStore();
    await inner.append('s4', [text('user', 'kept')]);
    let broken = true;
    const store: SessionStore = { ...inner, load: (id) => (broken ? Promise.reject(new Error('store offline')) : inner.load(id)) };
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, session: { store, id: 's4' } });
    await expect(agent.start()).rejects.toThrow('store offline');
    expect(model.connections).toHaveLength(0);
    expect(agent.running).toBe(false);
    broken = false;
    await agent.start();
    expect(model.connection.request.messages).toEqual([text('user', 'kept')]);
    await agent.send('again');
    await agent.stop();
    // The next conversation of the same agent continues from memory: no second load, no duplicates.
    await agent.start();
    expect(model.connection.request.messages).toEqual([text('user', 'kept'), text('user', 'again')]);
    await agent.stop();
    expect(await inner.load('s4')).toEqual([text('user', 'kept'), text('user', 'again')]);
  });

  it('a conversation that died mid-group (the process crashed) comes back with every call paired', async () => {
    const clock = new ManualClock();
    const store = memorySessionStore();
    const first = new ScriptedBidiModel({ clock });
    const crashed = new BidiAgent({ model: first, clock, tools: [sleepTool('a', clock, 10), sleepTool('slow', clock, 10_000)], session: { store, id: 's5' } });
    await crashed.start();
    first.connection.emit(bidiToolGroup([{ name: 'a', id: 'A' }, { name: 'slow', id: 'S' }]));
    await clock.advance(10); // `a` finished, `slow` runs: the group's results are not stored yet
    await first.until(() => crashed.messages.length === 1);
    // …the process dies here; a new one opens the store.
    const second = new ScriptedBidiModel();
    const revived = new BidiAgent({ model: second, session: { store, id: 's5' } });
    await revived.start();
    expect(second.connection.request.messages[1]?.parts.map((p) => (p.type === 'tool-result' ? [p.toolCallId, p.status] : p.type))).toEqual([
      ['A', 'cancelled'],
      ['S', 'cancelled'],
    ]);
    await revived.stop();
    await crashed.stop();
  });
});
