import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionTool } from '@tandem/core';
import { ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { collect } from './__fixtures__/test-kit.js';

/** The seed's timer on the real clock API (setTimeout), which `vi.useFakeTimers()` replaces. */
const setTimer: FunctionTool<{ seconds: number }> = {
  kind: 'function',
  name: 'set_timer',
  spec: { description: 'Start a timer.', params: { type: 'object', properties: { seconds: { type: 'number' } }, required: ['seconds'] } },
  async execute({ seconds }) {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return `Your ${String(seconds)}-second timer has finished.`;
  },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('BidiAgent with vi.useFakeTimers()', () => {
  it('ScriptedBidiModel.until()/settle() work under fake timers: the timer result reaches the model once', async () => {
    vi.useFakeTimers();
    const model = new ScriptedBidiModel({ onToolResults: () => bidiResponseEvents('Your timer is done!') });
    const agent = new BidiAgent({ model, tools: [setTimer] });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'set_timer', id: 't', input: { seconds: 5 } }]));
    await model.until(() => events.some((e) => e.type === 'tool-end'), { maxTurns: 50 });
    await model.settle();
    expect(model.toolResultCalls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    await model.until(() => events.some((e) => e.type === 'response-complete'), { maxTurns: 50 });
    expect(model.toolResultCalls).toEqual([[expect.objectContaining({ toolCallId: 't', result: 'Your 5-second timer has finished.' })]]);
    await agent.stop();
  });
});
