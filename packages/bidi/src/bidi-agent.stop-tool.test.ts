import { describe, expect, it } from 'vitest';
import { makeStop } from '@tandem/stop';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

describe('BidiAgent with @tandem/stop', () => {
  it('makeStop() ends the conversation after its group, with the message as the final assistant turn', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const hangUp = makeStop({ name: 'hang_up' });
    const agent = new BidiAgent({ model, clock, tools: [hangUp, sleepTool('log_call', clock, 300, 'logged')] });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'hang_up', id: 'h', input: { message: 'Talk soon!' } }, { name: 'log_call', id: 'l' }]));
    await model.settle();
    expect(agent.running).toBe(true);
    await clock.advance(300);
    await done;
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(events.find((e) => e.type === 'tool-group-complete')).toMatchObject({
      results: [
        { toolCallId: 'h', status: 'success' },
        { toolCallId: 'l', status: 'success', result: 'logged' },
      ],
    });
    expect(agent.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'Talk soon!' }] });
  });
});
