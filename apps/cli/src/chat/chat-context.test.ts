import { Agent, type Message } from '@tandem/core';
import { ScriptedModel, textResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { CHAT_CONTEXT_TOKENS, chatContext } from './chat-context.js';

/** A conversation well past the chat's threshold. */
function longChat(): Message[] {
  const turn = 'word '.repeat(2_000);
  return Array.from({ length: 80 }, (_v, i): Message => ({ id: `m${i}`, role: i % 2 === 0 ? 'user' : 'assistant', parts: [{ type: 'text', text: turn }] }));
}

describe('chatContext (tandem chat --context)', () => {
  it('summarizes a long chat by default, with the chat’s own model', async () => {
    const model = new ScriptedModel({ responses: [textResponse('Earlier: many words.'), textResponse('Go on.')] });
    await new Agent(chatContext()).run(model, longChat()).result;
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.messages[0]?.parts[0]).toMatchObject({ type: 'text', text: 'Summary of the earlier conversation:\nEarlier: many words.' });
    expect(model.requests[1]?.messages).toHaveLength(9);
  });

  it('window keeps the newest turns within the budget; none sends everything', async () => {
    const windowed = new ScriptedModel({ responses: [textResponse('ok')] });
    await new Agent(chatContext('window')).run(windowed, longChat()).result;
    const sent = windowed.requests[0]?.messages.length ?? 0;
    expect(sent).toBeLessThan(80);
    expect(sent).toBeGreaterThan(2);
    expect(CHAT_CONTEXT_TOKENS).toBe(100_000);
    const whole = new ScriptedModel({ responses: [textResponse('ok')] });
    await new Agent(chatContext('none')).run(whole, longChat()).result;
    expect(whole.requests[0]?.messages).toHaveLength(80);
  });
});
