// These scenarios check what reaches the vendor wire; the late-result framing (lateResultNote) is tested in @tandem/bidi, so it is off here.
import { BidiAgent } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import { ManualClock } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectAgentEvents } from '../test-utils/agent-events.js';
import { novaSonicModel } from '../test-utils/nova-sonic-kit.js';
import { runNovaScript, type NovaScript } from '../test-utils/nova-sonic-script.js';
import { NovaSonicTestServer, type NovaServerStream } from '../test-utils/nova-sonic-server.js';

/** Typed turns drive these conversations: a model that takes them (Nova 2 Sonic). */
const NOVA_TEXT = 'amazon.nova-2-sonic-v1:0';

let server: NovaSonicTestServer;
beforeEach(async () => {
  server = await NovaSonicTestServer.start();
});
afterEach(async () => {
  await server.close();
});

function timer(clock: ManualClock): FunctionTool<{ seconds: number }> {
  return {
    kind: 'function',
    name: 'set_timer',
    spec: { description: 'Start a timer.', params: { type: 'object', properties: { seconds: { type: 'number' } }, required: ['seconds'] } },
    async execute({ seconds }, ctx) {
      await clock.sleep(seconds * 1000, ctx.signal);
      return `Your ${String(seconds)}-second timer has finished.`;
    },
  };
}

/** The text blocks a stream received as `ROLE: text` (interactive ones marked with `!`). */
function textBlocks(stream: NovaServerStream): string[] {
  const blocks: string[] = [];
  const open = new Map<unknown, { label: string; text: string }>();
  for (const received of stream.received) {
    const [name, body] = Object.entries(received.event)[0]!;
    if (name === 'contentStart' && body['type'] === 'TEXT') open.set(body['contentName'], { label: `${String(body['role'])}${body['interactive'] === true ? '!' : ''}`, text: '' });
    if (name === 'textInput') open.get(body['contentName'])!.text += String(body['content']);
    if (name === 'contentEnd' && open.has(body['contentName'])) {
      const block = open.get(body['contentName'])!;
      blocks.push(`${block.label}: ${block.text}`);
      open.delete(body['contentName']);
    }
  }
  return blocks;
}

const toolBlocks = (stream: NovaServerStream) => stream.named('contentStart').filter((start) => start['type'] === 'TOOL');

const script: NovaScript = {
  onUserText(text, turn) {
    const timerAsk = /timer for (\d+)/.exec(text);
    if (timerAsk !== null) return [...turn.toolUse('timer-1', 'set_timer', { seconds: Number(timerAsk[1]) }), ...turn.assistantSentence('Timer set.')];
    if (text.startsWith('Results of tools')) return turn.assistantSentence('Your timer is done.');
    return turn.assistantSentence(`You said: ${text}`);
  },
};

describe('BidiAgent on bedrock.novaSonic: reconnects', () => {
  it('restarts before the 8-minute limit (go-away) at a turn boundary, replays bounded history, and delivers the pending result once', async () => {
    const clock = new ManualClock();
    server.onStream = (stream) => runNovaScript(stream, script);
    const model = novaSonicModel(server.url, { clock, maxHistoryMessages: 4 }, NOVA_TEXT);
    const agent = new BidiAgent({ lateResultNote: false, model, tools: [timer(clock)], clock, system: 'Be brief.' });
    await agent.start();
    const run = collectAgentEvents(agent);
    const completes = (n: number) => run.until((events) => events.filter((e) => e.type === 'response-complete').length >= n);

    await agent.send('Set a timer for 600 seconds');
    await completes(2); // the tool-use response, then "Timer set."
    await agent.send('What is 2 plus 2?');
    await completes(3);
    await agent.send('And 3 plus 3?');
    await completes(4);
    const first = await server.nextStream();

    await clock.advance(420_000); // go-away, one minute before the limit: the agent restarts now (no response active)
    await run.until((events) => events.some((e) => e.type === 'connection-start' && e.generation === 2));
    expect(run.events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'go-away' });
    const second = await server.nextStream();
    await second.waitFor((received) => received.some((e) => e.event['contentStart']?.['type'] === 'AUDIO'));
    await first.closed;
    expect(first.named('sessionEnd')).toHaveLength(1);

    // The replay: system prompt, then the newest 4 text blocks (the cap), starting with the user.
    expect(textBlocks(second)).toEqual([
      'SYSTEM: Be brief.',
      'USER: What is 2 plus 2?',
      'ASSISTANT: You said: What is 2 plus 2?',
      'USER: And 3 plus 3?',
      'ASSISTANT: You said: And 3 plus 3?',
    ]);

    await clock.advance(180_000); // the timer (started at 0) finishes at 600 s, on the new connection
    await completes(5);
    expect(toolBlocks(first)).toEqual([]);
    expect(toolBlocks(second)).toEqual([]); // the new stream never saw the call: the result comes as text, once
    expect(textBlocks(second).filter((block) => block.startsWith('USER!'))).toEqual([
      'USER!: Results of tools you called earlier in this conversation:\n- set_timer: Your 600-second timer has finished.',
    ]);
    expect(textBlocks(first).filter((block) => block.includes('Results of tools'))).toEqual([]);
    await agent.stop();
    await run.done;
  });

  it('ModelTimeoutException: the agent reconnects with the history (pending call included) and the result is delivered once', async () => {
    const clock = new ManualClock();
    server.onStream = (stream) => runNovaScript(stream, script);
    const agent = new BidiAgent({ lateResultNote: false, model: novaSonicModel(server.url, { clock }, NOVA_TEXT), tools: [timer(clock)], clock });
    await agent.start();
    const run = collectAgentEvents(agent);

    await agent.send('Set a timer for 5 seconds');
    await run.until((events) => events.filter((e) => e.type === 'response-complete').length >= 2);
    const first = await server.nextStream();
    first.fail('modelTimeoutException', 'Model has timed out in processing the request. Try your request again.');
    await run.until((events) => events.some((e) => e.type === 'connection-start' && e.generation === 2));
    expect(run.events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'timeout' });
    const second = await server.nextStream();
    await second.waitFor((received) => received.some((e) => e.event['contentStart']?.['type'] === 'AUDIO'));
    expect(textBlocks(second)).toEqual(['USER: Set a timer for 5 seconds', 'ASSISTANT: (called set_timer with {"seconds":5})\nTimer set.']);

    await clock.advance(5000);
    await run.until((events) => events.filter((e) => e.type === 'response-complete').length >= 3);
    expect(textBlocks(second).filter((block) => block.startsWith('USER!'))).toEqual([
      'USER!: Results of tools you called earlier in this conversation:\n- set_timer: Your 5-second timer has finished.',
    ]);
    expect(toolBlocks(first)).toEqual([]);
    expect(run.count('tool-group-complete')).toBe(1);
    await agent.stop();
    await run.done;
  });
});
