// `context`: what a new connection is opened with goes through the agent's ContextManager — on the first
// connection of a resumed call, on every reconnect and on a handoff that reconnects — while history and
// the session keep every message, and every replayed tool call keeps its result.
import { describe, expect, it } from 'vitest';
import { memorySessionStore, slidingWindow, summarize, type ContextManager } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, ScriptedModel, bidiToolGroup, textResponse } from '@tandem/core/testing';
import type { Message, Part } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import type { BidiEvent } from './bidi-event.js';
import type { BidiHandoffTarget } from './handoff/bidi-handoff-target.js';
import { BidiContextError } from './errors/bidi-context-error.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

const text = (role: 'user' | 'assistant', value: string): Message => ({ role, parts: [{ type: 'text', text: value }] });
const calls = (...ids: string[]): Message => ({
  role: 'assistant',
  parts: ids.map((id) => ({ type: 'tool-call', toolCallId: id, toolName: 'lookup', toolArgs: '{}' })),
});
const results = (...ids: string[]): Message => ({
  role: 'tool',
  parts: ids.map((id) => ({ type: 'tool-result', toolCallId: id, toolName: 'lookup', status: 'success', result: `found ${id}`, modelInput: { type: 'text', value: `found ${id}` } })),
});

/**
 * A long voice call as history stores it (over 500 messages): turns, tool groups answered at once, calls
 * whose results came a few turns later, and a call made 25 messages before the end whose result came
 * only just now (so a window keeps the result and would drop its call).
 */
function longCall(): Message[] {
  const history: Message[] = [];
  for (let i = 0; history.length < 480; i++) {
    history.push(text('user', `turn ${String(i)}`));
    if (i % 10 === 3) history.push(calls(`a${String(i)}`, `b${String(i)}`), results(`a${String(i)}`, `b${String(i)}`), text('assistant', `answer ${String(i)}`));
    else if (i % 10 === 7) history.push(calls(`s${String(i)}`), text('assistant', `on it ${String(i)}`), text('user', `meanwhile ${String(i)}`), text('assistant', `ok ${String(i)}`), results(`s${String(i)}`));
    else history.push(text('assistant', `answer ${String(i)}`));
  }
  history.push(text('user', 'find the late one'), calls('late'));
  for (let i = 0; i < 22; i++) history.push(text(i % 2 === 0 ? 'user' : 'assistant', `chat ${String(i)}`));
  history.push(results('late'), text('assistant', 'the late one is here'));
  return history;
}

function toolParts(messages: readonly Message[]): Part[] {
  return messages.flatMap((message) => message.parts.filter((part) => part.type === 'tool-call' || part.type === 'tool-result'));
}

/** Every result follows its call; returns the ids of calls sent without a result (their results follow through sendToolResults). */
function openCalls(messages: readonly Message[]): string[] {
  const called = new Set<string>();
  const answered = new Set<string>();
  for (const part of toolParts(messages)) {
    if (part.type === 'tool-call') called.add(part.toolCallId);
    else if (part.type === 'tool-result') {
      expect(called.has(part.toolCallId), `result ${part.toolCallId} is sent after its call`).toBe(true);
      answered.add(part.toolCallId);
    }
  }
  return [...called].filter((id) => !answered.has(id));
}

function contextErrors(events: readonly BidiEvent[]): BidiContextError[] {
  return events.flatMap((event) => (event.type === 'error' && BidiContextError.isInstance(event.error) ? [event.error] : []));
}

const desk = (context?: ContextManager): BidiHandoffTarget => ({ name: 'desk', description: 'The front desk.', system: 'You are the front desk.', ...(context === undefined ? {} : { context }) });

describe('BidiAgent context', () => {
  it('slidingWindow: the replay on start, on reconnect and on a handoff is bounded, every call keeps its result, and history and the session keep everything', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock }); // no live update: the handoff reconnects
    const history = longCall();
    expect(history.length).toBeGreaterThanOrEqual(500);
    const store = memorySessionStore();
    await store.append('call-1', history);
    const agent = new BidiAgent({
      model,
      clock,
      session: { store, id: 'call-1' },
      tools: [sleepTool('lookup', clock, 1000, 'found slow')],
      handoffs: [desk()],
      context: slidingWindow({ maxMessages: 20 }),
    });
    await agent.start();
    const { events } = collect(agent);

    // Start: the newest 20 messages and the first user turn, plus the call of the late result.
    const first = model.connections[0]?.request.messages ?? [];
    expect(first.length).toBeLessThanOrEqual(21);
    expect(first[0]).toEqual(text('user', 'turn 0'));
    expect(openCalls(first)).toEqual([]);
    expect(toolParts(first).map((part) => (part.type === 'tool-call' ? `call ${part.toolCallId}` : part.type === 'tool-result' ? `result ${part.toolCallId}` : part.type))).toEqual(['call late', 'result late']);
    expect(first.at(-1)).toEqual(text('assistant', 'the late one is here'));

    // A call keeps running while the call goes on well past the window; then the connection times out.
    model.connection.emit(bidiToolGroup([{ name: 'lookup', id: 'slow' }]));
    await model.settle();
    for (let i = 0; i < 25; i++) await agent.send(`more ${String(i)}`);
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    const second = model.connections[1]?.request.messages ?? [];
    expect(second.length).toBeLessThanOrEqual(21);
    expect(openCalls(second)).toEqual(['slow']); // its result follows on this connection
    expect(second.at(-1)).toEqual(expect.objectContaining({ role: 'user', parts: [{ type: 'text', text: 'more 24' }] }));
    await clock.advance(1000);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.connections[1]?.toolResults).toEqual([[expect.objectContaining({ toolCallId: 'slow', result: 'found slow' })]]);

    // A handoff that reconnects: the target has no manager of its own and keeps the one in use.
    model.connection.emit(bidiToolGroup([{ name: 'transfer_to_desk', id: 'h1' }]));
    await model.until(() => model.connections.length === 3 && model.toolResultCalls.length === 2);
    const third = model.connections[2]?.request ?? { system: undefined, messages: [] };
    expect(third.system).toBe('You are the front desk.');
    expect(third.messages.length).toBeLessThanOrEqual(21);
    expect(openCalls(third.messages)).toEqual(['h1']);
    expect(model.connections[2]?.toolResults).toEqual([[expect.objectContaining({ toolCallId: 'h1', result: 'Transferred to desk.' })]]);

    // History and the store keep every message.
    const added = 25 + 4; // the user turns, the slow call and its result, the transfer call and its result
    expect(agent.messages).toHaveLength(history.length + added);
    expect(contextErrors(events)).toEqual([]);
    await agent.stop();
    expect(await store.load('call-1')).toHaveLength(history.length + added);
  });

  it('a handoff target with a context of its own: the reconnect after the transfer uses its manager', async () => {
    const model = new ScriptedBidiModel();
    const history = longCall();
    const agent = new BidiAgent({ model, messages: history, handoffs: [desk(slidingWindow({ maxMessages: 4 }))], context: slidingWindow({ maxMessages: 20 }) });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'transfer_to_desk', id: 'h1' }]));
    await model.until(() => model.connections.length === 2);
    const replay = model.connections[1]?.request.messages ?? [];
    expect(replay.length).toBeLessThanOrEqual(5); // 4, and the transfer call whose result follows
    expect(openCalls(replay)).toEqual(['h1']);
    await agent.stop();
  });

  it('without context the whole history is replayed, on start and on reconnect (unchanged)', async () => {
    const model = new ScriptedBidiModel();
    const history = longCall();
    const store = memorySessionStore();
    await store.append('call-1', history);
    const agent = new BidiAgent({ model, session: { store, id: 'call-1' } });
    await agent.start();
    expect(model.connections[0]?.request.messages).toEqual(history);
    await agent.send('one more');
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    expect(model.connections[1]?.request.messages).toEqual([...history, text('user', 'one more')]);
    expect(agent.messages.every((message) => message.id === undefined)).toBe(true);
    await agent.stop();
  });

  it('a manager that throws: a non-fatal error event (BidiContextError, failed) and the whole history; the call goes on', async () => {
    const model = new ScriptedBidiModel();
    const history = longCall();
    const failing: ContextManager = {
      prepare: () => {
        throw new Error('window broke');
      },
    };
    const agent = new BidiAgent({ model, messages: history, context: failing });
    await agent.start();
    const { events } = collect(agent);
    await model.settle();
    expect(model.connections[0]?.request.messages).toHaveLength(history.length);
    const [error] = contextErrors(events);
    expect(error).toMatchObject({ code: 'BIDI_CONTEXT', reason: 'failed', cause: expect.objectContaining({ message: 'window broke' }) });
    expect(events.find((event) => event.type === 'error')).toMatchObject({ fatal: false });
    await agent.send('still there?');
    expect(model.connection.inputs).toEqual([{ type: 'text', text: 'still there?' }]);
    expect(agent.running).toBe(true);
    await agent.stop();
  });

  it('a manager that never settles: after 20 s its signal aborts, an error event (timed-out) and the whole history', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    let signal: AbortSignal | undefined;
    const stuck: ContextManager = {
      prepare: (_messages, info) => {
        signal = info.signal;
        return new Promise<never>(() => undefined);
      },
    };
    const history = longCall();
    const agent = new BidiAgent({ model, clock, messages: history, context: stuck });
    const started = agent.start();
    const { events } = collect(agent);
    await clock.advance(19_999);
    expect(model.connections).toHaveLength(0);
    expect(signal?.aborted).toBe(false);
    await clock.advance(1);
    await started;
    expect(model.connections[0]?.request.messages).toHaveLength(history.length);
    expect(signal?.aborted).toBe(true);
    expect(contextErrors(events)).toEqual([expect.objectContaining({ reason: 'timed-out', waitedMs: 20_000 })]);
    await agent.stop();
  });

  it('stop() while the manager is still working ends the call at once', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const stuck: ContextManager = { prepare: () => new Promise<never>(() => undefined) };
    const agent = new BidiAgent({ model, clock, messages: longCall(), context: stuck });
    const started = agent.start();
    await agent.stop();
    await started;
    expect(model.connections).toHaveLength(0);
    expect(agent.running).toBe(false);
  });

  it('summarize() without a text model: BidiContextError no-text-model, the whole history is replayed', async () => {
    const model = new ScriptedBidiModel({ modelId: 'voice-1' });
    const history = longCall();
    const agent = new BidiAgent({ model, messages: history, context: summarize({ triggerTokens: 100 }) });
    await agent.start();
    const { events } = collect(agent);
    await model.settle();
    expect(model.connections[0]?.request.messages).toHaveLength(history.length);
    const [error] = contextErrors(events);
    expect(error?.reason).toBe('no-text-model');
    expect(error?.message).toMatch(/summarize\(\{ model: 'openai:gpt-5-mini', triggerTokens \}\)/);
    await agent.stop();
  });

  it('summarize({ model }): the replay starts from the summary, the compaction is recorded once and reused by the next reconnect', async () => {
    const model = new ScriptedBidiModel();
    const summarizer = new ScriptedModel({ responses: [textResponse('They talked about lookups.')] });
    const store = memorySessionStore();
    const history = longCall();
    const agent = new BidiAgent({
      model,
      messages: history,
      session: { store, id: 'call-2' },
      context: summarize({ model: summarizer, triggerTokens: 1_000, keepRecent: 6 }),
    });
    await agent.start();
    const first = model.connections[0]?.request.messages ?? [];
    expect(first[0]).toEqual(text('user', 'Summary of the earlier conversation:\nThey talked about lookups.'));
    expect(first.length).toBeLessThanOrEqual(8);
    expect(openCalls(first)).toEqual([]);
    // The whole history is kept, each message with an id, the compaction after it.
    expect(agent.messages).toHaveLength(history.length + 1);
    expect(agent.messages.every((message) => typeof message.id === 'string')).toBe(true);
    expect(agent.messages.at(-1)?.parts[0]).toMatchObject({ type: 'compaction', summary: 'They talked about lookups.' });

    await agent.send('and now?');
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    const second = model.connections[1]?.request.messages ?? [];
    expect(second[0]).toEqual(first[0]);
    expect(second.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'and now?' }] });
    expect(summarizer.requests).toHaveLength(1);
    await agent.stop();
    expect(await store.load('call-2')).toHaveLength(history.length + 2);
  });

  it('context must be a context manager', () => {
    const model = new ScriptedBidiModel();
    expect(() => new BidiAgent({ model, context: {} as never })).toThrow(/^BidiAgent: context must be a context manager/);
    expect(() => new BidiAgent({ model, contex: slidingWindow() } as never)).toThrow(/unknown option `contex`\. Did you mean `context`\?/);
  });
});
