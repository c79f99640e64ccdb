import { HttpAgent } from '@ag-ui/client';
import { EventType, type AssistantMessage, type BaseEvent } from '@ag-ui/core';
import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { serve } from '../__fixtures__/loopback.js';
import { deleteTool, weatherTool } from '../__fixtures__/tools.js';
import { agUIHandler } from './agui-handler.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Runs the client's own pipeline (its event verification throws on out-of-order events) and records the events. */
async function runClient(client: HttpAgent, parameters: Parameters<HttpAgent['runAgent']>[0] = {}): Promise<BaseEvent[]> {
  const events: BaseEvent[] = [];
  await client.runAgent(parameters, { onEvent: ({ event }) => void events.push(event) });
  return events;
}

describe('agUIHandler with @ag-ui/client HttpAgent over loopback HTTP', () => {
  it('runs server tools concurrently: tool calls, results and text in verified order; the client builds the messages', async () => {
    const calls: string[] = [];
    const model = new ScriptedModel({
      responses: [
        toolCallResponse(
          [
            { id: 'call_1', name: 'weather', input: { city: 'Oslo' }, chunkSize: 5 },
            { id: 'call_2', name: 'weather', input: { city: 'Rome' } },
          ],
          { text: 'Checking both.' },
        ),
        textResponse('Sunny in both.'),
      ],
    });
    const server = await serve(agUIHandler({ agent: new Agent({ tools: [weatherTool(calls)] }), model }));
    closers.push(server.close);
    const client = new HttpAgent({ url: `${server.url}/agent`, initialMessages: [{ id: 'u1', role: 'user', content: 'Weather in Oslo and Rome?' }] });
    const events = await runClient(client);

    const types = events.map((event) => event.type);
    expect(types[0]).toBe(EventType.RUN_STARTED);
    expect(types.at(-1)).toBe(EventType.RUN_FINISHED);
    expect(events.at(-1)).toMatchObject({ outcome: { type: 'success' } });
    expect(types.filter((type) => type === EventType.STEP_STARTED)).toHaveLength(2);
    expect(types.filter((type) => type === EventType.TOOL_CALL_RESULT)).toHaveLength(2);
    expect(calls.sort()).toEqual(['Oslo', 'Rome']);
    const assistant = client.messages.find((message): message is AssistantMessage => message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0);
    expect(assistant?.toolCalls?.map((call) => [call.id, call.function.name, JSON.parse(call.function.arguments)])).toEqual([
      ['call_1', 'weather', { city: 'Oslo' }],
      ['call_2', 'weather', { city: 'Rome' }],
    ]);
    expect(client.messages.filter((message) => message.role === 'tool').map((message) => [message.toolCallId, JSON.parse(message.content as string)])).toEqual([
      ['call_1', { city: 'Oslo', sky: 'sunny' }],
      ['call_2', { city: 'Rome', sky: 'sunny' }],
    ]);
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Sunny in both.' });
  });

  it('leaves a frontend tool call to the client (success with pendingToolCallIds), then continues with its result', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ id: 'call_loc', name: 'browser_location' }]), textResponse('You are in Oslo.')] });
    const server = await serve(agUIHandler({ agent: new Agent({ tools: [weatherTool()] }), model }));
    closers.push(server.close);
    const tools = [{ name: 'browser_location', description: "The user's location.", parameters: { type: 'object', properties: {} } }];
    const client = new HttpAgent({ url: `${server.url}/agent`, initialMessages: [{ id: 'u1', role: 'user', content: 'Where am I?' }] });
    const first = await runClient(client, { tools });
    expect(first.at(-1)).toMatchObject({ type: EventType.RUN_FINISHED, outcome: { type: 'success', pendingToolCallIds: ['call_loc'] } });
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['weather', 'browser_location']);

    client.addMessage({ id: 't1', role: 'tool', toolCallId: 'call_loc', content: '{"city":"Oslo"}' });
    const second = await runClient(client, { tools });
    expect(second.at(-1)).toMatchObject({ type: EventType.RUN_FINISHED, outcome: { type: 'success' } });
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_loc', toolName: 'browser_location', result: '{"city":"Oslo"}' }] });
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'You are in Oslo.' });
  });

  it('ends a run whose call needs approval with the interrupt outcome; resume approves it and the tool runs exactly once', async () => {
    const runs: string[] = [];
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { id: 'call_w', name: 'weather', input: { city: 'Oslo' } },
          { id: 'call_d', name: 'delete_file', input: { path: 'a.txt' } },
        ]),
        textResponse('Deleted, and sunny.'),
      ],
    });
    const server = await serve(agUIHandler({ agent: new Agent({ tools: [weatherTool(), deleteTool(runs)] }), model }));
    closers.push(server.close);
    const client = new HttpAgent({ url: `${server.url}/agent`, initialMessages: [{ id: 'u1', role: 'user', content: 'Weather, and delete a.txt' }] });
    const first = await runClient(client);
    expect(first.at(-1)).toMatchObject({
      type: EventType.RUN_FINISHED,
      outcome: { type: 'interrupt', interrupts: [{ id: 'call_d', toolCallId: 'call_d', reason: 'tool_approval', metadata: { toolName: 'delete_file', input: { path: 'a.txt' } } }] },
    });
    expect(first.filter((event) => event.type === EventType.TOOL_CALL_RESULT).map((event) => event['toolCallId'])).toEqual(['call_w']);
    expect(runs).toEqual([]);

    const second = await runClient(client, { resume: [{ interruptId: 'call_d', status: 'resolved', payload: { approved: true } }] });
    expect(second.filter((event) => event.type === EventType.TOOL_CALL_RESULT).map((event) => [event['toolCallId'], event['content']])).toEqual([['call_d', 'deleted a.txt']]);
    expect(second.at(-1)).toMatchObject({ type: EventType.RUN_FINISHED, outcome: { type: 'success' } });
    expect(runs).toEqual(['a.txt']);
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Deleted, and sunny.' });
  });

  it('a cancelled resume entry denies the call: the tool never runs', async () => {
    const runs: string[] = [];
    const model = new ScriptedModel({ responses: [toolCallResponse([{ id: 'call_d', name: 'delete_file', input: { path: 'a.txt' } }]), textResponse('Kept it.')] });
    const server = await serve(agUIHandler({ agent: new Agent({ tools: [deleteTool(runs)] }), model }));
    closers.push(server.close);
    const client = new HttpAgent({ url: `${server.url}/agent`, initialMessages: [{ id: 'u1', role: 'user', content: 'Delete a.txt' }] });
    await runClient(client);
    const second = await runClient(client, { resume: [{ interruptId: 'call_d', status: 'cancelled', payload: { reason: 'keep it' } }] });
    expect(second.find((event) => event.type === EventType.TOOL_CALL_RESULT)).toMatchObject({ toolCallId: 'call_d', content: 'The user denied this tool call: keep it' });
    expect(runs).toEqual([]);
  });

  it('ends with RUN_ERROR when the model fails, and answers a body that is not a RunAgentInput with 400', async () => {
    const model = new ScriptedModel({ responses: [() => Promise.reject(new Error('upstream down'))] });
    const server = await serve(agUIHandler({ agent: new Agent(), model, onError: (error) => (error as Error).message }));
    closers.push(server.close);
    const client = new HttpAgent({ url: `${server.url}/agent`, initialMessages: [{ id: 'u1', role: 'user', content: 'Hi' }] });
    const events: BaseEvent[] = [];
    await client.runAgent({}, { onEvent: ({ event }) => void events.push(event) });
    expect(events.at(-1)).toMatchObject({ type: EventType.RUN_ERROR, message: 'upstream down' });
    const bad = await fetch(`${server.url}/agent`, { method: 'POST', body: JSON.stringify({ messages: 'no' }) });
    expect(bad.status).toBe(400);
  });
});
