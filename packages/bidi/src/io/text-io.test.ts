import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from '../bidi-agent.js';
import { sleepTool } from '../__fixtures__/test-kit.js';
import { textInput } from './text-input.js';
import { textOutput } from './text-output.js';

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

describe('textInput / textOutput', () => {
  it('sends each non-empty line, prints the conversation, and ends when the input ends', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      clock,
      onInput(input) {
        if (input.type !== 'text') return undefined;
        if (input.text.startsWith('timer')) return [bidiToolGroup([{ name: 'set_timer', id: 't', input: { seconds: 1 } }])];
        return bidiResponseEvents(`You said ${input.text}.`);
      },
      onToolResults: () => bidiResponseEvents('Time is up!'),
    });
    const out = sink();
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('set_timer', clock, 1000, 'ring')] });
    const running = agent.run({
      inputs: [textInput({ input: Readable.from(['hello\n', '\n', '  \n', 'timer please\n']) })],
      outputs: [textOutput({ output: out.stream })],
    });
    await model.until(() => model.inputs.length === 2);
    await model.settle();
    await clock.advance(1000);
    const result = await running;
    expect(result.reason).toBe('complete');
    expect(model.inputs).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'text', text: 'timer please' },
    ]);
    expect(out.text()).toBe(
      [
        'You said hello.',
        '[tool set_timer {"seconds":1}]',
        '[tool set_timer success: ring]',
        'Time is up!',
        '[conversation ended: complete]',
        '',
      ].join('\n'),
    );
  });

  it('prints user transcripts, interruptions, approval requests, reconnects and errors; showTools/showUser turn lines off', async () => {
    const model = new ScriptedBidiModel();
    const out = sink();
    const quiet = sink();
    const agent = new BidiAgent({
      model,
      tools: [{ kind: 'function', name: 'x', spec: { description: 'x', params: { type: 'object' } }, needsApproval: true, execute: () => 'x done' }],
      approve: () => true,
    });
    const running = agent.run({ outputs: [textOutput({ output: out.stream }), textOutput({ output: quiet.stream, showTools: false, showUser: false })] });
    await model.until(() => model.connections.length === 1);
    model.connection.emit(
      { type: 'transcript', role: 'user', delta: 'what is ', final: false },
      { type: 'transcript', role: 'user', delta: 'up', final: true },
      { type: 'response-start', responseId: 'r' },
      { type: 'transcript', role: 'assistant', delta: 'Well, let me', final: false },
      { type: 'barge-in', responseId: 'r' },
      { type: 'error', error: new Error('glitch'), fatal: false },
    );
    model.connection.emit(bidiToolGroup([{ name: 'x', id: 'x1' }]));
    await model.until(() => out.text().includes('[tool x success'));
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    await agent.stop();
    await running;
    expect(out.text()).toBe(
      [
        'you: what is up',
        'Well, let me …',
        '[error: glitch]',
        '[tool x {}]',
        '[tool x waits for approval (call x1): {}]',
        '[tool x success: x done]',
        '[reconnecting: timeout]',
        '[conversation ended: user-request]',
        '',
      ].join('\n'),
    );
    expect(quiet.text()).toBe(['Well, let me …', '[error: glitch]', '[tool x waits for approval (call x1): {}]', '[reconnecting: timeout]', '[conversation ended: user-request]', ''].join('\n'));
  });

  it('prints a handoff: which agent hands the call to which', async () => {
    const model = new ScriptedBidiModel({ capabilities: { liveUpdate: true } });
    const out = sink();
    const agent = new BidiAgent({ model, name: 'concierge', handoffs: [{ name: 'booking', description: 'Books tables.', system: 'You book.' }] });
    const running = agent.run({ outputs: [textOutput({ output: out.stream, showTools: false })] });
    await model.until(() => model.connections.length === 1);
    model.connection.emit(bidiToolGroup([{ name: 'transfer_to_booking', id: 'h1' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    await agent.stop();
    await running;
    expect(out.text()).toBe(['[concierge hands the call to booking]', '[conversation ended: user-request]', ''].join('\n'));
  });
});
