// These scenarios check what reaches the vendor wire; the late-result framing (lateResultNote) is tested in @tandem/bidi, so it is off here.
import { BidiAgent } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import { ManualClock } from '@tandem/core/testing';
import { makeStop } from '@tandem/stop';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGoogle } from '../google-provider.js';
import { count, recordAgent, spokenAnswer } from './agent-log.test-helper.js';
import { liveFixture } from './live-test-kit.test-helper.js';
import { LiveTestServer, type LiveClientMessage } from './live-test-server.test-helper.js';

const MODEL = 'gemini-2.5-flash-native-audio-preview-12-2025';
let server: LiveTestServer;
beforeEach(async () => {
  server = await LiveTestServer.start();
});
afterEach(async () => {
  await server.close();
});

const toolResponses = (messages: readonly LiveClientMessage[]) => messages.filter((m) => 'toolResponse' in m);

/** The seed's timer: waits `seconds` (on the test's clock) and reports. */
function setTimer(clock: ManualClock): FunctionTool<{ seconds: number }> {
  return {
    kind: 'function',
    name: 'set_timer',
    spec: { description: 'Start a timer and report when it finishes.', params: { type: 'object', properties: { seconds: { type: 'integer' } }, required: ['seconds'] } },
    async execute({ seconds }, ctx) {
      await clock.sleep(seconds * 1000, ctx.signal);
      return `Your ${String(seconds)}-second timer has finished.`;
    },
  };
}

/** The seed's end_conversation: cancels the agent from inside the tool. */
const endConversation: FunctionTool = {
  kind: 'function',
  name: 'end_conversation',
  spec: { description: 'End the conversation when the user asks to stop or says goodbye.', params: { type: 'object', properties: {} } },
  execute(_input, ctx) {
    ctx.agent.cancel();
    return 'Ending conversation.';
  },
};

describe('BidiAgent on google.live (loopback Gemini Live server): the seed scenarios', () => {
  it('timer: set_timer runs while the conversation goes on; its result reaches the model later, once', async () => {
    const clock = new ManualClock();
    const google = createGoogle({ apiKey: 'gemini-e2e-key', baseURL: `${server.url}/v1beta` });
    const model = google.live(MODEL, { toolOptions: { set_timer: { behavior: 'NON_BLOCKING', scheduling: 'WHEN_IDLE' } } });
    const agent = new BidiAgent({ lateResultNote: false, model, tools: [setTimer(clock)], clock });
    await agent.start();
    const log = recordAgent(agent);
    const client = await server.connection(0);

    await agent.send('Set a timer for 5 seconds');
    await client.waitFor(2);
    expect(client.received[1]).toEqual({ realtimeInput: { text: 'Set a timer for 5 seconds' } });
    client.send({ toolCall: { functionCalls: [{ id: 'fc-timer', name: 'set_timer', args: { seconds: 5 } }] } }, ...spokenAnswer('Timer set.'));
    await log.until((events) => count(events, 'response-complete') === 1 && count(events, 'tool-start') === 1);

    // The timer is running; the user asks something else and gets an answer meanwhile.
    await agent.send('What is the capital of France?');
    await client.waitFor(3);
    client.send(...spokenAnswer('Paris.'));
    await log.until((events) => count(events, 'response-complete') === 2);
    expect(toolResponses(client.received)).toEqual([]);

    await clock.advance(5_000);
    await client.waitFor(4);
    expect(client.received[3]).toEqual({
      toolResponse: {
        functionResponses: [{ id: 'fc-timer', name: 'set_timer', response: { output: 'Your 5-second timer has finished.' }, scheduling: 'WHEN_IDLE' }],
      },
    });
    client.send(...spokenAnswer('Your timer is done.'));
    await log.until((events) => count(events, 'response-complete') === 3);
    await agent.stop();
    await log.done;

    expect(toolResponses(client.received)).toHaveLength(1);
    expect(log.events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(agent.messages.map((m) => [m.role, m.parts.map((p) => (p.type === 'text' ? p.text : p.type)).join()])).toEqual([
      ['user', 'Set a timer for 5 seconds'],
      ['assistant', 'tool-call'],
      ['assistant', 'Timer set.'],
      ['user', 'What is the capital of France?'],
      ['assistant', 'Paris.'],
      ['tool', 'tool-result'],
      ['assistant', 'Your timer is done.'],
    ]);
  });

  it.each([
    ['the seed end_conversation (ctx.agent.cancel())', endConversation, {}],
    ['makeStop() from @tandem/stop', makeStop({ name: 'end_conversation' }), { message: 'Goodbye!' }],
  ])('end conversation with %s: connection-close { reason: user-request } and the socket is closed', async (_label, tool, args) => {
    const model = createGoogle({ apiKey: 'gemini-e2e-key', baseURL: `${server.url}/v1beta` }).live(MODEL);
    const agent = new BidiAgent({ lateResultNote: false, model, tools: [tool as FunctionTool] });
    await agent.start();
    const log = recordAgent(agent);
    const client = await server.connection(0);
    await agent.send('Thanks, that is all. Bye!');
    await client.waitFor(2);
    client.send({ toolCall: { functionCalls: [{ id: 'fc-end', name: 'end_conversation', args }] } });
    await log.done;
    expect(log.events.at(-1)).toEqual(expect.objectContaining({ type: 'connection-close', reason: 'user-request' }));
    expect(log.events.find((e) => e.type === 'tool-group-complete')).toMatchObject({ results: [{ toolCallId: 'fc-end', status: 'success' }] });
    expect(agent.running).toBe(false);
    await client.closed;
  });

  it('toolCallCancellation: the agent aborts the cancelled call and records it cancelled; the toolResponse carries only the rest', async () => {
    const clock = new ManualClock();
    const model = createGoogle({ apiKey: 'gemini-e2e-key', baseURL: `${server.url}/v1beta` }).live(MODEL);
    const signals: AbortSignal[] = [];
    const lookup: FunctionTool<{ query: string }> = {
      kind: 'function',
      name: 'lookup',
      spec: { description: 'Looks something up.', params: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
      async execute({ query }, ctx) {
        signals.push(ctx.signal);
        await clock.sleep(query === 'slow' ? 60_000 : 100, ctx.signal);
        return `found ${query}`;
      },
    };
    const agent = new BidiAgent({ lateResultNote: false, model, clock, tools: [lookup] });
    await agent.start();
    const log = recordAgent(agent);
    const client = await server.connection(0);
    client.send({ toolCall: { functionCalls: [{ id: 'fc-slow', name: 'lookup', args: { query: 'slow' } }, { id: 'fc-fast', name: 'lookup', args: { query: 'fast' } }] } });
    await log.until((events) => count(events, 'tool-end') === 2);
    expect(signals).toHaveLength(2);
    // The user interrupts: Gemini withdraws the slow call.
    client.send({ serverContent: { interrupted: true } }, { toolCallCancellation: { ids: ['fc-slow'] } });
    await log.until((events) => count(events, 'tool-call-result') === 1);
    expect(signals[0]?.aborted).toBe(true);
    expect(log.events.find((e) => e.type === 'tool-call-result')).toMatchObject({ results: [{ toolCallId: 'fc-slow', status: 'cancelled' }] });

    await clock.advance(100);
    await client.waitFor(2);
    expect(toolResponses(client.received)).toEqual([{ toolResponse: { functionResponses: [{ id: 'fc-fast', name: 'lookup', response: { output: 'found fast' }, scheduling: 'WHEN_IDLE' }] } }]);
    await agent.stop();
    await log.done;
    expect(agent.messages.at(-1)?.parts.map((p) => (p.type === 'tool-result' ? [p.toolCallId, p.status] : p.type))).toEqual([
      ['fc-slow', 'cancelled'],
      ['fc-fast', 'success'],
    ]);
  });

  it('barge-in: interrupted stops the answer; history keeps what was said, then the interruption', async () => {
    const model = createGoogle({ apiKey: 'gemini-e2e-key', baseURL: `${server.url}/v1beta` }).live(MODEL);
    const agent = new BidiAgent({ lateResultNote: false, model });
    await agent.start();
    const log = recordAgent(agent);
    const client = await server.connection(0);
    client.send(...liveFixture('interrupted-turn'));
    await log.until((events) => count(events, 'response-complete') === 1);
    const start = log.events.find((e) => e.type === 'response-start') as { responseId: string };
    expect(log.events.find((e) => e.type === 'barge-in')).toMatchObject({ responseId: start.responseId });
    expect(log.events.find((e) => e.type === 'response-complete')).toMatchObject({ responseId: start.responseId, stopReason: 'interrupted' });
    await agent.stop();
    await log.done;
    expect(agent.messages).toEqual([
      { role: 'assistant', parts: [{ type: 'text', text: 'Once upon a' }] },
      { role: 'user', parts: [{ type: 'text', text: 'Stop, please.' }] },
    ]);
  });
});
