// These scenarios check what reaches the vendor wire; the late-result framing (lateResultNote) is tested in @tandem/bidi, so it is off here.
import { BidiAgent, type BidiAgentInput } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import { ManualClock } from '@tandem/core/testing';
import { stop } from '@tandem/stop';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectAgentEvents } from '../test-utils/agent-events.js';
import { novaSonicModel } from '../test-utils/nova-sonic-kit.js';
import { runNovaScript, type ReceivedToolResult } from '../test-utils/nova-sonic-script.js';
import { NovaSonicTestServer } from '../test-utils/nova-sonic-server.js';

/** Typed turns drive these conversations: a model that takes them (Nova 2 Sonic). */
const NOVA_TEXT = 'amazon.nova-2-sonic-v1:0';

let server: NovaSonicTestServer;
beforeEach(async () => {
  server = await NovaSonicTestServer.start();
});
afterEach(async () => {
  await server.close();
});

/** The seed's timer: `set_timer({ seconds })` waits that long (on the test clock), then reports. */
function setTimer(clock: ManualClock): FunctionTool<{ seconds: number }> {
  return {
    kind: 'function',
    name: 'set_timer',
    spec: {
      description: 'Start a timer and report when it finishes.',
      params: { type: 'object', properties: { seconds: { type: 'number', description: 'Number of seconds to wait.' } }, required: ['seconds'] },
    },
    async execute({ seconds }, ctx) {
      await clock.sleep(seconds * 1000, ctx.signal);
      return `Your ${String(seconds)}-second timer has finished.`;
    },
  };
}

const texts = (messages: BidiAgent['messages']) =>
  messages.map((m) => `${m.role}: ${m.parts.map((p) => (p.type === 'text' ? p.text : p.type === 'tool-call' ? `call ${p.toolName}` : p.type === 'tool-result' ? `result ${p.toolName}` : p.type)).join(' ')}`);

describe('BidiAgent on bedrock.novaSonic (loopback HTTP/2)', () => {
  it('seed timer: set_timer waits while a second user turn is answered, then its result is delivered as a TOOL block', async () => {
    const clock = new ManualClock();
    const toolResults: ReceivedToolResult[] = [];
    server.onStream = (stream) =>
      runNovaScript(stream, {
        onUserText(text, turn) {
          if (text.includes('timer')) return [...turn.userTranscript(text), ...turn.toolUse('timer-1', 'set_timer', { seconds: 5 }), ...turn.assistantSentence('Timer set for five seconds.')];
          return [...turn.userTranscript(text), ...turn.assistantSentence('Paris is the capital of France.')];
        },
        onToolResult(result, turn) {
          toolResults.push(result);
          return turn.assistantSentence('Your five-second timer is done.');
        },
      });
    const agent = new BidiAgent({ lateResultNote: false, model: novaSonicModel(server.url, { clock }, NOVA_TEXT), tools: [setTimer(clock)], clock, system: 'You are a kitchen assistant.' });
    await agent.start();
    const run = collectAgentEvents(agent);

    await agent.send('Set a timer for 5 seconds');
    await run.until((events) => events.some((e) => e.type === 'tool-start') && events.filter((e) => e.type === 'response-complete').length === 2);
    await clock.advance(1000);
    await agent.send('What is the capital of France?');
    await run.until((events) => events.filter((e) => e.type === 'response-complete').length === 3);
    expect(toolResults).toEqual([]); // the timer still runs; the conversation went on

    await clock.advance(4000);
    await run.until((events) => events.filter((e) => e.type === 'response-complete').length === 4);
    expect(toolResults).toEqual([{ toolUseId: 'timer-1', content: '{"result":"Your 5-second timer has finished."}' }]);
    await agent.stop();
    await run.done;

    expect(run.events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(texts(agent.messages)).toEqual([
      'user: Set a timer for 5 seconds',
      'assistant: call set_timer',
      'assistant: Timer set for five seconds.',
      'user: What is the capital of France?',
      'assistant: Paris is the capital of France.',
      'tool: result set_timer',
      'assistant: Your five-second timer is done.',
    ]);
    expect(run.count('audio')).toBe(3);
    const [stream] = server.streams;
    expect(stream?.named('sessionEnd')).toHaveLength(1);
  });

  it('seed end conversation: the model calls the stop tool and the conversation ends with connection-close user-request', async () => {
    server.onStream = (stream) =>
      runNovaScript(stream, {
        onUserText(text, turn) {
          return [...turn.userTranscript(text), ...turn.toolUse('stop-1', 'stop', { message: 'Goodbye!' })];
        },
      });
    const agent = new BidiAgent({ lateResultNote: false, model: novaSonicModel(server.url, {}, NOVA_TEXT), tools: [stop] });
    const said: string[] = [];
    const input: BidiAgentInput = {
      async read(signal) {
        if (said.length === 0) {
          said.push('Thanks, that is all. Bye!');
          return { type: 'text', text: said[0]! };
        }
        // The user says nothing more: only the stop tool can end the conversation.
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
    };
    const written: string[] = [];
    const result = await agent.run({ inputs: [input], outputs: [{ write: (event) => void written.push(event.type) }] });
    expect(result).toMatchObject({ reason: 'user-request' });
    expect(written.at(-1)).toBe('connection-close');
    expect(texts(agent.messages)).toEqual(['user: Thanks, that is all. Bye!', 'assistant: call stop', 'tool: result stop', 'assistant: Goodbye!']);
    const [stream] = server.streams;
    await stream?.closed;
    expect(stream?.named('sessionEnd')).toHaveLength(1);
  });

  it('two overlapping groups on Nova 2 Sonic: the later group finishes first and each is delivered once, in call order', async () => {
    const clock = new ManualClock();
    const delivered: string[] = [];
    const wait = (name: string, ms: number): FunctionTool => ({
      kind: 'function',
      name,
      spec: { description: `Waits ${String(ms)} ms.`, params: { type: 'object', properties: {} } },
      execute: async (_input, ctx) => {
        await clock.sleep(ms, ctx.signal);
        return `${name} done`;
      },
    });
    server.onStream = (stream) =>
      runNovaScript(stream, {
        onUserText(text, turn) {
          if (text.includes('timer')) return [...turn.toolUse('slow', 'slow_timer', {}), ...turn.assistantSentence('Started the timer.')];
          return [...turn.toolUse('news-a', 'news_a', {}), ...turn.toolUse('news-b', 'news_b', {}), ...turn.assistantSentence('Checking both.')];
        },
        onToolResult(result) {
          delivered.push(result.toolUseId);
          return undefined;
        },
      });
    const model = novaSonicModel(server.url, { clock }, 'amazon.nova-2-sonic-v1:0');
    const agent = new BidiAgent({ lateResultNote: false, model, tools: [wait('slow_timer', 10_000), wait('news_a', 2000), wait('news_b', 1000)], clock });
    await agent.start();
    const run = collectAgentEvents(agent);
    await agent.send('Start a timer');
    await run.until((events) => events.filter((e) => e.type === 'tool-start').length === 1 && events.filter((e) => e.type === 'response-complete').length === 2);
    await agent.send('And the news?');
    await run.until((events) => events.filter((e) => e.type === 'tool-start').length === 3 && events.filter((e) => e.type === 'response-complete').length === 4);
    const groups = run.events.filter((e) => e.type === 'tool-start').map((e) => (e.type === 'tool-start' && e.parentToolCallId === undefined ? `${e.groupId}:${e.toolCallId}` : ''));
    expect(groups).toEqual(['group_1:slow', 'group_2:news-a', 'group_2:news-b']);

    await clock.advance(2000); // group 2 done (news-b at 1 s, news-a at 2 s): one delivery, in call order
    const [stream] = server.streams;
    await stream!.waitFor(() => delivered.length === 2);
    expect(delivered).toEqual(['news-a', 'news-b']);
    await clock.advance(8000);
    await stream!.waitFor(() => delivered.length === 3);
    expect(delivered).toEqual(['news-a', 'news-b', 'slow']);
    await agent.stop();
    await run.done;
  });
});
