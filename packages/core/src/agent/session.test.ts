import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { deferred, fnTool } from '../__fixtures__/fixtures.js';
import { memorySessionStore } from '../session/memory-session-store.js';
import type { SessionStore } from '../session/session-store.js';
import type { Message } from '../spec/message/v1/message.js';
import { assistantMessage, userMessage } from '../messages/message-helpers.js';

function texts(messages: readonly Message[]): string[] {
  return messages.map((message) => `${message.role}:${message.parts.map((part) => (part.type === 'text' ? part.text : part.type === 'tool-result' ? `${part.toolCallId}=${part.status}` : part.type)).join(',')}`);
}

describe('Agent sessions', () => {
  it('loads the history before the run and appends the input and each message as it is added', async () => {
    const store = memorySessionStore();
    const lookup = fnTool('lookup', () => 'found');
    const agent = new Agent({ tools: [lookup], session: { store, id: 'chat' } });
    const first = new ScriptedModel({ responses: [toolCallResponse([{ name: 'lookup', id: 'L' }]), textResponse('First answer.')] });
    await agent.run(first, 'first question').result;
    expect(texts(await store.load('chat'))).toEqual(['user:first question', 'assistant:tool-call', 'tool:L=success', 'assistant:First answer.']);
    const second = new ScriptedModel({ responses: [textResponse('Second answer.')] });
    const result = await agent.run(second, 'second question').result;
    expect(texts(second.requests[0]?.messages ?? [])).toEqual(['user:first question', 'assistant:tool-call', 'tool:L=success', 'assistant:First answer.', 'user:second question']);
    expect(result.messages).toHaveLength(6);
    expect((await store.list())[0]).toMatchObject({ id: 'chat', messageCount: 6 });
  });

  it('a tool call left without a result (a crash mid-group) is paired with a cancelled result on load', async () => {
    const store = memorySessionStore();
    await store.append('s', [
      userMessage('do two things'),
      assistantMessage([
        { type: 'tool-call', toolCallId: 'A', toolName: 'work', toolArgs: '{}' },
        { type: 'tool-call', toolCallId: 'B', toolName: 'work', toolArgs: '{}' },
      ]),
    ]);
    const model = new ScriptedModel({ responses: [textResponse('Sorry, where were we?')] });
    await new Agent().run(model, 'hello again', { session: { store, id: 's' } }).result;
    expect(texts(model.requests[0]?.messages ?? [])).toEqual(['user:do two things', 'assistant:tool-call,tool-call', 'tool:A=cancelled,B=cancelled', 'user:hello again']);
    // The repair is made in memory; the store keeps what was written.
    expect(texts(await store.load('s')).slice(0, 2)).toEqual(['user:do two things', 'assistant:tool-call,tool-call']);
  });

  it('calls answered by the new input (a caller answering a toolUse run) are not repaired', async () => {
    const store = memorySessionStore();
    const askUser = { kind: 'function' as const, name: 'ask_user', description: 'Ask.', inputSchema: { type: 'object' } };
    const agent = new Agent({ tools: [askUser], session: { store, id: 's' } });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'ask_user', id: 'Q' }]), textResponse('Thanks!')] });
    expect((await agent.run(model, 'help').result).stopReason).toBe('toolUse');
    const answer: Message = { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'Q', toolName: 'ask_user', status: 'success', result: 'blue', modelInput: { type: 'text', value: 'blue' } }] };
    const result = await agent.run(model, [answer]).result;
    expect(result.text).toBe('Thanks!');
    expect(texts(model.requests[1]?.messages ?? [])).toEqual(['user:help', 'assistant:tool-call', 'tool:Q=success']);
  });

  it('run.result resolves only after every append is durable', async () => {
    const inner = memorySessionStore();
    const gate = deferred();
    let appends = 0;
    const slow: SessionStore = {
      ...inner,
      async append(id, messages) {
        appends++;
        if (messages[0]?.role === 'assistant') await gate.promise;
        await inner.append(id, messages);
      },
    };
    const run = new Agent({ session: { store: slow, id: 's' } }).run(new ScriptedModel({ responses: [textResponse('hi')] }), 'go');
    let resolved = false;
    void run.result.then(() => (resolved = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(resolved).toBe(false);
    gate.resolve();
    await run.result;
    expect(appends).toBe(2);
    expect(texts(await inner.load('s'))).toEqual(['user:go', 'assistant:hi']);
  });

  it('a store that fails to append rejects the run with its error', async () => {
    const failure = new Error('disk full');
    const broken: SessionStore = { ...memorySessionStore(), append: () => Promise.reject(failure) };
    await expect(new Agent({ session: { store: broken, id: 's' } }).run(new ScriptedModel({ responses: [textResponse('hi')] }), 'go').result).rejects.toBe(failure);
  });
});
