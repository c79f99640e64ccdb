// These scenarios check what reaches the vendor wire; the late-result framing (lateResultNote) is tested in @tandem/bidi, so it is off here.
// BidiAgent on openai.realtime against a loopback server playing the Realtime API's server side.
import { BidiAgent, type BidiEvent } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import { ManualClock, loadJsonFixture } from '@tandem/core/testing';
import { stop } from '@tandem/stop';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';
import type { Responder } from './realtime-simulator.test-helper.js';
import { RealtimeTestServer, type RealtimeTestConnection } from './realtime-test-server.test-helper.js';

const dir = new URL('../__fixtures__/realtime/', import.meta.url);
let server: RealtimeTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const openaiAt = (url: string) => createOpenAI({ apiKey: 'sk-rt-e2e-000000', baseURL: `${url}/v1` });

/** The seed's timer: `set_timer({ seconds })` waits that long on `clock`. */
function setTimer(clock: ManualClock): FunctionTool<{ seconds: number }> {
  return {
    kind: 'function',
    name: 'set_timer',
    spec: { description: 'Start a timer and report when it finishes.', params: { type: 'object', properties: { seconds: { type: 'number' } }, required: ['seconds'] } },
    async execute({ seconds }, ctx) {
      await clock.sleep(seconds * 1000, ctx.signal);
      return `Your ${String(seconds)}-second timer has finished.`;
    },
  };
}

/** Collects the agent's events; `until` resolves once `predicate` holds for them. */
function watch(agent: BidiAgent) {
  const events: BidiEvent[] = [];
  const waiters: { predicate: () => boolean; resolve: () => void }[] = [];
  const done = (async () => {
    for await (const event of agent.receive()) {
      events.push(event);
      for (const waiter of waiters.filter((w) => w.predicate())) waiter.resolve();
    }
  })();
  const until = (predicate: () => boolean): Promise<void> =>
    predicate() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ predicate, resolve }));
  return { events, done, until };
}

/** The user text of a conversation item, if it is one. */
function userText(item: { readonly type: string; readonly [key: string]: unknown } | undefined): string {
  if (item?.type !== 'message' || item.role !== 'user') return '';
  return (item.content as { text?: string }[]).map((part) => part.text ?? '').join('');
}

/** The seed conversations: a timer and small talk; the stop tool on goodbye. */
const seedResponder: Responder = ({ items }) => {
  const last = items.at(-1);
  if (last?.type === 'function_call_output') return { text: `${String(last.output)} Anything else?` };
  const text = userText(last);
  if (text.includes('timer')) return { calls: [{ name: 'set_timer', arguments: '{"seconds":5}', callId: 'call_timer' }] };
  if (text.includes('capital')) return { text: 'Paris.' };
  if (text.includes('Goodbye')) return { calls: [{ name: 'stop', arguments: '{"message":"Goodbye!"}', callId: 'call_stop' }] };
  return { text: 'OK.' };
};

const outputsOf = (client: RealtimeTestConnection) =>
  client.received.filter((e) => e.type === 'conversation.item.create' && (e.item as { type: string }).type === 'function_call_output').map((e) => (e.item as { call_id: string }).call_id);

describe('BidiAgent end to end through openai.realtime (loopback WebSocket)', () => {
  it('runs a group of two tools and sends their results back in call order with one response.create', async () => {
    server = await RealtimeTestServer.start();
    const weather: FunctionTool<{ city: string }> = {
      kind: 'function',
      name: 'weather',
      spec: { description: 'Current weather for a city.', params: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      execute: async ({ city }) => ({ city, temp: 20 }),
    };
    const currentTime: FunctionTool = { kind: 'function', name: 'current_time', spec: { description: 'The current time.', params: { type: 'object', properties: {} } }, execute: () => '12:00' };
    const agent = new BidiAgent({ lateResultNote: false, model: openaiAt(server.url).realtime('gpt-realtime'), tools: [weather, currentTime], system: 'Be brief.' });
    await agent.start();
    const client = await server.nextConnection();
    const { events, done, until } = watch(agent);
    await agent.send('Weather and time in Oslo?');
    await client.waitFor(3); // session.update, the user item, response.create
    client.send(...(loadJsonFixture(dir, 'tool-calls') as unknown[]));
    await client.waitFor(6); // two function_call_output items and one response.create
    client.send(...(loadJsonFixture(dir, 'audio-response') as unknown[]));
    await until(() => events.some((e) => e.type === 'response-complete' && e.responseId === 'resp_rt02'));
    await agent.stop();
    await done;

    expect(client.received.slice(3).map(({ event_id: _id, ...rest }) => rest)).toEqual([
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_rt_weather', output: '{"city":"Oslo","temp":20}' } },
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_rt_time', output: '12:00' } },
      { type: 'response.create' },
    ]);
    expect(events.filter((e) => e.type === 'tool-call-result')).toHaveLength(2);
    expect(events.map((e) => e.type)).toContain('audio');
    expect(events.flatMap((e) => (e.type === 'transcript' && e.role === 'assistant' ? [e.delta] : [])).join('')).toBe('It is sunny in Oslo.');
  });

  it('seed timer: set_timer runs while a second user turn is answered, then its result is delivered and answered', async () => {
    server = await RealtimeTestServer.start({ responder: seedResponder });
    const clock = new ManualClock();
    const agent = new BidiAgent({ lateResultNote: false, model: openaiAt(server.url).realtime('gpt-realtime'), tools: [setTimer(clock)], clock });
    await agent.start();
    const client = await server.nextConnection();
    const { events, done, until } = watch(agent);
    await agent.send('Set a timer for 5 seconds.');
    await until(() => events.some((e) => e.type === 'tool-start'));
    await agent.send('What is the capital of France?');
    await until(() => events.some((e) => e.type === 'transcript' && e.delta === 'Paris.'));
    expect(events.some((e) => e.type === 'tool-call-result')).toBe(false); // the timer still runs
    await clock.advance(5_000);
    await until(() => events.some((e) => e.type === 'transcript' && e.delta.includes('timer has finished')));
    await agent.stop();
    await done;
    expect(outputsOf(client)).toEqual(['call_timer']);
    expect(client.simulator?.errors).toEqual([]);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    const answers = events.flatMap((e) => (e.type === 'transcript' && e.role === 'assistant' && e.delta !== '' ? [e.delta] : []));
    expect(answers).toEqual(['Paris.', 'Your 5-second timer has finished. Anything else?']);
  });

  it('seed end of conversation: the stop tool ends it with connection-close { reason: user-request }', async () => {
    server = await RealtimeTestServer.start({ responder: seedResponder });
    const agent = new BidiAgent({ lateResultNote: false, model: openaiAt(server.url).realtime('gpt-realtime'), tools: [stop] });
    const closes: BidiEvent[] = [];
    let said = false;
    const result = await agent.run({
      inputs: [
        {
          read: async (signal) => {
            if (!said) {
              said = true;
              return { type: 'text', text: 'Goodbye!' };
            }
            return new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
          },
        },
      ],
      outputs: [{ write: (event) => void (event.type === 'connection-close' && closes.push(event)) }],
    });
    expect(result.reason).toBe('user-request');
    expect(closes).toEqual([expect.objectContaining({ type: 'connection-close', reason: 'user-request' })]);
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'Goodbye!' }] });
    const client = await server.nextConnection();
    expect((await client.closed).code).toBe(1000);
  });

  it('an expired session reconnects, replays the history, and delivers the pending tool result once', async () => {
    server = await RealtimeTestServer.start({ responder: seedResponder });
    const clock = new ManualClock();
    const agent = new BidiAgent({ lateResultNote: false, model: openaiAt(server.url).realtime('gpt-realtime'), tools: [setTimer(clock)], clock });
    await agent.start();
    const first = await server.nextConnection();
    const { events, done, until } = watch(agent);
    await agent.send('Set a timer for 5 seconds.');
    await until(() => events.some((e) => e.type === 'tool-start'));
    first.simulator?.error('session_expired', 'Your session hit the maximum duration of 60 minutes.');
    await until(() => events.some((e) => e.type === 'connection-start' && e.generation === 2));
    const second = await server.connectionAt(1);
    await second.waitUntil((all) => all.some((e) => e.type === 'session.update'));
    const replayed = second.received.filter((e) => e.type === 'conversation.item.create').map((e) => e.item as { type: string; call_id?: string });
    expect(replayed).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Set a timer for 5 seconds.' }] },
      { type: 'function_call', call_id: 'call_timer', name: 'set_timer', arguments: '{"seconds":5}' },
    ]);
    await clock.advance(5_000);
    await until(() => events.some((e) => e.type === 'transcript' && e.delta.includes('timer has finished')));
    await agent.stop();
    await done;
    expect([...outputsOf(first), ...outputsOf(second)]).toEqual(['call_timer']);
    expect(events.filter((e) => e.type === 'connection-restart')).toEqual([expect.objectContaining({ reason: 'timeout' })]);
  });

  it('barge-in: the agent truncates the playing item at the position the app reported', async () => {
    server = await RealtimeTestServer.start({ responder: () => ({ text: 'Once upon a time, in a land far away…', audioChunks: 25, hold: true }) });
    const agent = new BidiAgent({ lateResultNote: false, model: openaiAt(server.url).realtime('gpt-realtime') });
    await agent.start();
    const client = await server.nextConnection();
    const { events, done, until } = watch(agent);
    await agent.send('Tell me a story.');
    await until(() => events.filter((e) => e.type === 'audio').length === 25);
    const start = events.find((e) => e.type === 'response-start');
    const responseId = start?.type === 'response-start' ? start.responseId : '';
    agent.reportPlayed(responseId, 240.4); // the speaker has played 240 ms of the 500 ms it got
    client.simulator?.userSpeaks('Wait, stop.');
    await client.waitUntil((all) => all.some((e) => e.type === 'conversation.item.truncate'));
    await until(() => events.some((e) => e.type === 'barge-in'));
    await agent.stop();
    await done;
    expect(events.find((e) => e.type === 'barge-in')).toMatchObject({ responseId });
    expect(client.received.find((e) => e.type === 'conversation.item.truncate')).toMatchObject({ content_index: 0, audio_end_ms: 240 });
    expect(client.simulator?.errors).toEqual([]);
  });
});
