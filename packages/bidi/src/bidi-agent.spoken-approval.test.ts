// Spoken approvals (§15): the model asks the user and records the answer with answer_approval, accepted
// only once the user has spoken since the request; approve()/deny() keep working beside it.
import { describe, expect, it } from 'vitest';
import type { FunctionTool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiEvent } from './bidi-event.js';
import { collect } from './__fixtures__/test-kit.js';

function deleteNote(executed: string[], delivery?: FunctionTool['delivery']): FunctionTool {
  return {
    kind: 'function',
    name: 'delete_note',
    spec: { description: 'Deletes a note.', params: { type: 'object', properties: { title: { type: 'string' } } } },
    needsApproval: true,
    ...(delivery === undefined ? {} : { delivery }),
    execute(input) {
      executed.push((input as { title: string }).title);
      return 'deleted';
    },
  };
}

async function started(delivery?: FunctionTool['delivery']) {
  const clock = new ManualClock();
  const model = new ScriptedBidiModel({ clock });
  const executed: string[] = [];
  const agent = new BidiAgent({ model, clock, approvals: 'spoken', tools: [deleteNote(executed, delivery)] });
  await agent.start();
  const { events } = collect(agent);
  model.connection.emit(bidiToolGroup([{ name: 'delete_note', id: 'del1', input: { title: 'groceries' } }]));
  await model.until(() => model.contextInputs.length === 1);
  return { clock, model, agent, events, executed };
}

const answer = (id: string, approved: boolean, reason?: string) =>
  bidiToolGroup([{ name: 'answer_approval', id, input: { toolCallId: 'del1', approved, ...(reason === undefined ? {} : { reason }) } }]);

describe("BidiAgent with approvals: 'spoken'", () => {
  it('offers answer_approval and asks the model (a context note) to ask the user', async () => {
    const { model, agent } = await started();
    expect(model.connection.request.tools.map((tool) => tool.name)).toEqual(['delete_note', 'answer_approval']);
    const note = model.contextInputs[0];
    expect(note?.delivery).toBe('when-idle');
    expect(note?.text).toContain('del1');
    expect(note?.text).toContain('delete_note');
    expect(note?.text).toContain('answer_approval');
    await agent.stop();
  });

  it('asks with interrupt when the tool is delivered with interrupt', async () => {
    const { model, agent } = await started('interrupt');
    expect(model.contextInputs[0]?.delivery).toBe('interrupt');
    await agent.stop();
  });

  it('refuses an answer before the user has spoken since the request: "ask the user first", the call keeps waiting', async () => {
    const { model, agent, executed } = await started();
    model.connection.emit(answer('a1', true));
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]).toMatchObject([{ toolCallId: 'a1', status: 'error', result: expect.stringMatching(/Ask the user first/) }]);
    expect(executed).toEqual([]);
    agent.approve('del1'); // still waiting: the live way answers it
    await model.until(() => model.toolResultCalls.length === 2);
    expect(executed).toEqual(['groceries']);
    await agent.stop();
  });

  it('accepts the answer after a final user transcript; emits tool-approval-response with the user’s words', async () => {
    const { model, agent, events, executed } = await started();
    model.connection.emit({ type: 'transcript', role: 'user', delta: 'Yes, delete it.', final: true });
    model.connection.emit(answer('a1', true));
    await model.until(() => model.toolResultCalls.length === 2);
    expect(executed).toEqual(['groceries']);
    const response = events.find((e): e is Extract<BidiEvent, { type: 'tool-approval-response' }> => e.type === 'tool-approval-response');
    expect(response).toMatchObject({ toolCallId: 'del1', approved: true, by: 'spoken', transcript: 'Yes, delete it.' });
    const ids = model.toolResultCalls.map((call) => call.map((r) => [r.toolCallId, r.status]));
    expect(ids).toEqual(expect.arrayContaining([[['a1', 'success']], [['del1', 'success']]]));
    await agent.stop();
  });

  it('a typed turn counts as the user’s answer; a spoken no denies the call with the reason', async () => {
    const { model, agent, events, executed } = await started();
    await agent.send('No, keep it.');
    model.connection.emit(answer('a1', false, 'the user wants to keep it'));
    await model.until(() => model.toolResultCalls.length === 2);
    expect(executed).toEqual([]);
    const denied = model.toolResultCalls.flat().find((r) => r.toolCallId === 'del1');
    expect(denied).toMatchObject({ status: 'error', result: expect.stringContaining('the user wants to keep it') });
    expect(events.find((e) => e.type === 'tool-approval-response')).toMatchObject({ approved: false, reason: 'the user wants to keep it', transcript: 'No, keep it.' });
    await agent.stop();
  });

  it('an answer for a call that is not waiting is an error result naming it', async () => {
    const { model, agent } = await started();
    model.connection.emit({ type: 'transcript', role: 'user', delta: 'Sure.', final: true });
    model.connection.emit(bidiToolGroup([{ name: 'answer_approval', id: 'a1', input: { toolCallId: 'nope', approved: true } }]));
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.[0]).toMatchObject({ status: 'error', result: expect.stringContaining('No tool call "nope" is waiting') });
    await agent.stop();
  });
});
