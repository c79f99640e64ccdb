import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';

describe('cancel({ afterCurrentTools: true, message }) together with other ways to end the turn', () => {
  it('an afterTools hook ending the turn without text keeps the cancel message as the final assistant message', async () => {
    const stopper = fnTool('stopper', (_input, ctx) => {
      ctx.agent.cancel({ afterCurrentTools: true, message: 'All done.' });
      return 'stopping';
    });
    const agent = new Agent({
      tools: [stopper],
      hooks: {
        afterTools(event) {
          event.endTurn = true;
        },
      },
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'stopper' }])] });
    const result = await agent.run(model, 'go').result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'All done.' }] });
    expect(result.text).toBe('All done.');
  });
});
