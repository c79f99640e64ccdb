// The examples of README.md, kept runnable: the seed timer and end_conversation, defined with @tandem/tools,
// tested on ScriptedBidiModel with a ManualClock exactly as the README shows.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool } from '@tandem/tools';
import type { BidiInput } from '@tandem/core/spec';
import { sleep, type Clock } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiEvent } from './bidi-event.js';
import { readmeBlock, typeErrors, writeSnippet } from './__fixtures__/readme-snippet.js';
import { takeCollected } from './__fixtures__/snippet-harness.js';

function makeSetTimer(clock: Clock) {
  return tool({
    name: 'set_timer',
    description: 'Start a timer and report when it finishes.',
    input: z.object({ seconds: z.number().describe('Number of seconds to wait.') }),
    async execute({ seconds }, ctx) {
      await sleep(seconds * 1000, ctx.signal, clock); // waits without blocking the conversation
      return `Your ${String(seconds)}-second timer has finished.`;
    },
  });
}

const endConversation = tool({
  name: 'end_conversation',
  description: 'End the conversation when the user asks to stop or says goodbye.',
  input: z.object({}),
  execute(_input, ctx) {
    ctx.agent.cancel(); // takes effect once this tool's group has finished and its results are recorded
    return 'Ending conversation.';
  },
});

describe('README examples', () => {
  it('timer: the user keeps talking while set_timer runs; the result arrives later in one call', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      clock,
      onInput: (input) =>
        input.type === 'text' && input.text.includes('timer')
          ? [bidiToolGroup([{ name: 'set_timer', input: { seconds: 5 }, id: 'timer' }]), ...bidiResponseEvents('Timer started.')]
          : bidiResponseEvents('Paris.'),
      onToolResults: () => bidiResponseEvents('Your timer is done!'),
    });
    const agent = new BidiAgent({ model, tools: [makeSetTimer(clock), endConversation], clock });
    await agent.start();
    const events: BidiEvent[] = [];
    void (async () => {
      for await (const event of agent.receive()) events.push(event);
    })();

    await agent.send('Set a timer for 5 seconds');
    await agent.send('What is the capital of France?'); // answered while the timer runs
    await model.until(() => events.filter((e) => e.type === 'response-complete').length === 2);
    expect(model.toolResultCalls).toHaveLength(0);

    await clock.advance(5_000);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]).toMatchObject([{ toolCallId: 'timer', result: 'Your 5-second timer has finished.' }]);
    await agent.stop();
  });

  it('end_conversation: ends after its group with connection-close user-request', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      clock,
      onInput: () => [bidiToolGroup([{ name: 'end_conversation' }]), ...bidiResponseEvents('Goodbye!')],
    });
    const agent = new BidiAgent({ model, tools: [makeSetTimer(clock), endConversation], clock });
    const said = ['Bye!'];
    const microphone = {
      read: (signal: AbortSignal) =>
        new Promise<BidiInput>((resolve, reject) => {
          const text = said.shift();
          if (text !== undefined) resolve({ type: 'text', text });
          else signal.addEventListener('abort', () => reject(signal.reason), { once: true }); // nothing more to say
        }),
    };
    const conversation = agent.run({ inputs: [microphone] });
    const { reason, messages } = await conversation;
    expect(reason).toBe('user-request');
    expect(messages.find((m) => m.role === 'tool')?.parts[0]).toMatchObject({ status: 'success', result: 'Ending conversation.' });
  });

  it('"Testing voice agents": the snippet as printed type-checks and its test passes', async () => {
    const path = writeSnippet('testing-voice-agents', readmeBlock('## Testing voice agents'));
    expect(typeErrors(path)).toEqual([]);
    await import(path);
    const tests = takeCollected();
    expect(tests.map((test) => test.name)).toEqual(['answers while the timer runs; the timer result reaches the model once']);
    for (const test of tests) await test.fn();
  }, 60_000);
});
