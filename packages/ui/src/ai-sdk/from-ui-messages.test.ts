import type { UIMessage } from 'ai';
import { Agent, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { browserLocation, weatherTool } from '../__fixtures__/tools.js';
import { readValidChunks, uiMessageOf } from '../__fixtures__/ui-chunks.js';
import { fromUIMessages } from './from-ui-messages.js';
import { InvalidUIMessagesError } from './invalid-ui-messages-error.js';
import { toUIMessageStream } from './to-ui-message-stream.js';

const user = (text: string): UIMessage => ({ id: `u_${text.length}`, role: 'user', parts: [{ type: 'text', text }] });

describe('fromUIMessages', () => {
  it('splits an assistant message at step-start: each step its calls, then a tool message with their results', () => {
    const messages = fromUIMessages([
      user('Weather?'),
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'text', text: 'Checking.', state: 'done' },
          { type: 'tool-weather', toolCallId: 'c1', state: 'output-available', input: { city: 'Oslo' }, output: { sky: 'sunny' } },
          { type: 'dynamic-tool', toolName: 'lookup', toolCallId: 'c2', state: 'output-error', input: {}, errorText: 'Error: down' },
          { type: 'step-start' },
          { type: 'text', text: 'Sunny.', state: 'done' },
          { type: 'source-url', sourceId: 's', url: 'https://example.com' },
        ],
      },
    ]);
    expect(messages).toEqual([
      { id: 'u_8', role: 'user', parts: [{ type: 'text', text: 'Weather?' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', toolArgs: '{"city":"Oslo"}', input: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'lookup', toolArgs: '{}', input: {} },
        ],
      },
      {
        role: 'tool',
        parts: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'weather', status: 'success', result: { sky: 'sunny' }, modelInput: { type: 'json', value: { sky: 'sunny' } } },
          { type: 'tool-result', toolCallId: 'c2', toolName: 'lookup', status: 'error', result: 'Error: down', modelInput: { type: 'text', value: 'Error: down' } },
        ],
      },
      { id: 'a1-1', role: 'assistant', parts: [{ type: 'text', text: 'Sunny.' }] },
    ]);
  });

  it('maps addToolApprovalResponse answers to approval request and response parts, and denied calls to the denial result', () => {
    const messages = fromUIMessages([
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'tool-weather', toolCallId: 'c1', state: 'output-available', input: { city: 'Oslo' }, output: 'sunny' },
          { type: 'tool-delete_file', toolCallId: 'c2', state: 'approval-responded', input: { path: 'a' }, approval: { id: 'c2', approved: true } },
          { type: 'tool-delete_file', toolCallId: 'c3', state: 'approval-responded', input: { path: 'b' }, approval: { id: 'c3', approved: false, reason: 'keep it' } },
          { type: 'tool-delete_file', toolCallId: 'c4', state: 'output-denied', input: { path: 'c' }, approval: { id: 'c4', approved: false } },
        ],
      },
    ]);
    expect(messages.map((message) => [message.role, message.parts.map((part) => part.type)])).toEqual([
      ['assistant', ['tool-call', 'tool-call', 'tool-approval-request', 'tool-call', 'tool-approval-request', 'tool-call']],
      ['tool', ['tool-result', 'tool-result']],
      ['tool', ['tool-approval-response', 'tool-approval-response']],
    ]);
    expect(messages[1]?.parts[1]).toMatchObject({ toolCallId: 'c4', status: 'error', result: 'The user denied this tool call.' });
    expect(messages[2]?.parts).toEqual([
      { type: 'tool-approval-response', toolCallId: 'c2', approved: true },
      { type: 'tool-approval-response', toolCallId: 'c3', approved: false, reason: 'keep it' },
    ]);
  });

  it('skips input still streaming and preliminary outputs, and keeps an unanswered approval pending', () => {
    const messages = fromUIMessages([
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'tool-research', toolCallId: 'c1', state: 'output-available', input: { city: 'Oslo' }, output: 'partial', preliminary: true },
          { type: 'tool-weather', toolCallId: 'c2', state: 'input-streaming', input: { ci: '' } },
          { type: 'tool-delete_file', toolCallId: 'c3', state: 'approval-requested', input: { path: 'a' }, approval: { id: 'c3' } },
        ],
      },
    ]);
    expect(messages).toEqual([
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'research', toolArgs: '{"city":"Oslo"}', input: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'c3', toolName: 'delete_file', toolArgs: '{"path":"a"}', input: { path: 'a' } },
          { type: 'tool-approval-request', toolCallId: 'c3', toolName: 'delete_file', input: { path: 'a' } },
        ],
      },
    ]);
  });

  it('turns a client-side tool output (addToolOutput) into the result the next model call sees', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ id: 'call_loc', name: 'browser_location' }]), textResponse('You are in Oslo.')] });
    const agent = new Agent({ tools: [browserLocation, weatherTool()] });
    const first = await uiMessageOf(await readValidChunks(toUIMessageStream(agent.run(model, [userMessage('Where am I?')]), { messageId: 'a1' })));
    // What useChat's addToolOutput does to the part:
    const answered: UIMessage = { ...first, parts: first.parts.map((part) => (part.type === 'tool-browser_location' ? { ...part, state: 'output-available', output: { city: 'Oslo' } } : part)) as UIMessage['parts'] };
    const next = agent.run(model, fromUIMessages([user('Where am I?'), answered]));
    const second = await readValidChunks(toUIMessageStream(next, { messageId: 'a1' }));
    expect((await next.result).text).toBe('You are in Oslo.');
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_loc', status: 'success', result: { city: 'Oslo' } }] });
    // The continuation extends the same assistant message, as useChat does.
    const continued = await uiMessageOf(second, answered);
    expect(continued.parts.map((part) => part.type)).toEqual(['step-start', 'tool-browser_location', 'step-start', 'text']);
  });

  it('throws InvalidUIMessagesError naming the field for a body that is not UI messages', () => {
    const bad = [{ id: 'x', role: 'user', parts: [{ type: 'text', text: 3 }] }] as unknown as UIMessage[];
    expect(() => fromUIMessages(bad)).toThrow(InvalidUIMessagesError);
    try {
      fromUIMessages(bad);
    } catch (error) {
      expect(InvalidUIMessagesError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'INVALID_UI_MESSAGES', path: 'messages[0].parts[0].text' });
    }
    expect(() => fromUIMessages('nope' as unknown as UIMessage[])).toThrow(/messages: expected an array/);
    expect(() => fromUIMessages([{ id: 'x', role: 'robot', parts: [] }] as unknown as UIMessage[])).toThrow(/messages\[0\]\.role/);
  });
});
