// Text ↔ voice: an Agent and a BidiAgent on the same session id continue one conversation — turns, tool
// calls and results cross over (audio is not replayed), and so do pending approvals.
import { describe, expect, it } from 'vitest';
import { Agent, approvalResponse, memorySessionStore, userMessage, type FunctionTool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, ScriptedModel, bidiResponseEvents, bidiToolGroup, textResponse, toolCallResponse } from '@tandem/core/testing';
import type { Message } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import { collect } from './__fixtures__/test-kit.js';

const lookup: FunctionTool = {
  kind: 'function',
  name: 'lookup_order',
  description: 'Looks up an order.',
  inputSchema: { type: 'object', properties: {} },
  execute: () => 'order 42: shipped',
};

function refundTool(runs: string[]): FunctionTool {
  return {
    kind: 'function',
    name: 'refund',
    description: 'Refunds an order.',
    inputSchema: { type: 'object', properties: {} },
    needsApproval: true,
    execute: (_input, ctx) => {
      runs.push(ctx.toolCallId);
      return 'refunded';
    },
  };
}

const roles = (messages: readonly Message[]): string[] => messages.map((message) => message.role);

describe('text ↔ voice on one session', () => {
  it('a voice call continues a text conversation: its turns, tool calls and results are replayed to the realtime model', async () => {
    const store = memorySessionStore();
    const session = { store, id: 'customer-7' };
    const text = new ScriptedModel({ responses: [toolCallResponse([{ name: 'lookup_order', id: 't1' }]), textResponse('Order 42 has shipped.')] });
    await new Agent({ tools: [lookup], session }).run(text, [userMessage('Where is my order?')]).result;

    const voice = new ScriptedBidiModel();
    const agent = new BidiAgent({ model: voice, session });
    await agent.start();
    const replayed = voice.connection.request.messages;
    expect(roles(replayed)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(replayed[2]?.parts[0]).toMatchObject({ type: 'tool-result', toolCallId: 't1', result: 'order 42: shipped' });
    await agent.stop();
  });

  it('a text run continues a voice call: final transcripts and the call’s tool results are history for the next text run', async () => {
    const clock = new ManualClock();
    const store = memorySessionStore();
    const session = { store, id: 'customer-8' };
    const voice = new ScriptedBidiModel({ clock, onToolResults: () => bidiResponseEvents('It has shipped.') });
    const agent = new BidiAgent({ model: voice, clock, tools: [lookup], session });
    await agent.start();
    const { events } = collect(agent);
    voice.connection.emit({ type: 'transcript', role: 'user', delta: 'Where is my order?', final: true });
    voice.connection.emit(bidiToolGroup([{ name: 'lookup_order', id: 'v1' }]));
    await voice.until(() => events.some((e) => e.type === 'response-complete'));
    await agent.stop();

    const text = new ScriptedModel({ responses: [textResponse('Anything else about order 42?')] });
    await new Agent({ tools: [lookup], session }).run(text, [userMessage('Thanks. And the invoice?')]).result;
    const sent = text.requests[0]?.messages ?? [];
    expect(roles(sent)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(sent[0]?.parts[0]).toMatchObject({ type: 'text', text: 'Where is my order?' });
    expect(sent[2]?.parts[0]).toMatchObject({ type: 'tool-result', toolCallId: 'v1', result: 'order 42: shipped' });
    expect(sent[3]?.parts[0]).toMatchObject({ type: 'text', text: 'It has shipped.' });
  });

  it('a later voice conversation of the same BidiAgent sees what a text run added meanwhile', async () => {
    const store = memorySessionStore();
    const session = { store, id: 'customer-9' };
    const voice = new ScriptedBidiModel();
    const agent = new BidiAgent({ model: voice, session });
    await agent.start();
    await agent.send('Hello by voice');
    await agent.stop();
    const text = new ScriptedModel({ responses: [textResponse('Hello by text.')] });
    await new Agent({ session }).run(text, [userMessage('Hello by text')]).result;
    await agent.start();
    expect(voice.connection.request.messages.map((m) => m.parts[0]?.type === 'text' ? m.parts[0].text : '')).toEqual(['Hello by voice', 'Hello by text', 'Hello by text.']);
    await agent.stop();
  });

  it('a text run paused for approval: the voice call asks again; approve() runs the call once and the realtime model gets its result', async () => {
    const store = memorySessionStore();
    const session = { store, id: 'refund-1' };
    const runs: string[] = [];
    const text = new ScriptedModel({ responses: [toolCallResponse([{ name: 'refund', id: 'r1' }, { name: 'lookup_order', id: 'l1' }])] });
    const paused = await new Agent({ tools: [refundTool(runs), lookup], session, approvals: 'interrupt' }).run(text, [userMessage('Refund order 42')]).result;
    expect(paused.stopReason).toBe('interrupted');

    const voice = new ScriptedBidiModel();
    const agent = new BidiAgent({ model: voice, tools: [refundTool(runs), lookup], session });
    await agent.start();
    const { events } = collect(agent);
    await voice.until(() => events.some((e) => e.type === 'tool-approval-request'));
    expect(events.find((e) => e.type === 'tool-approval-request')).toMatchObject({ toolCallId: 'r1', toolName: 'refund' });
    // The replay holds the calls; the finished lookup's result; the refund's result follows through sendToolResults.
    const parts = voice.connection.request.messages.flatMap((m) => m.parts.map((p) => `${p.type}:${'toolCallId' in p ? p.toolCallId : ''}`));
    expect(parts).toEqual(expect.arrayContaining(['tool-call:r1', 'tool-call:l1', 'tool-result:l1']));
    expect(parts).not.toContain('tool-result:r1');
    agent.approve('r1');
    await voice.until(() => voice.toolResultCalls.length === 1);
    expect(voice.toolResultCalls[0]).toEqual([expect.objectContaining({ toolCallId: 'r1', status: 'success', result: 'refunded' })]);
    expect(runs).toEqual(['r1']);
    await agent.stop();
  });

  it('an approval answered in the history (a text approval response) applies at once: no second ask waits', async () => {
    const store = memorySessionStore();
    const session = { store, id: 'refund-2' };
    const runs: string[] = [];
    const text = new ScriptedModel({ responses: [toolCallResponse([{ name: 'refund', id: 'r2' }])] });
    await new Agent({ tools: [refundTool(runs)], session, approvals: 'interrupt' }).run(text, [userMessage('Refund it')]).result;
    await store.append('refund-2', [approvalResponse('r2', false, 'changed my mind')]);

    const voice = new ScriptedBidiModel();
    const agent = new BidiAgent({ model: voice, tools: [refundTool(runs)], session });
    await agent.start();
    await voice.until(() => voice.toolResultCalls.length === 1);
    expect(voice.toolResultCalls[0]?.[0]).toMatchObject({ toolCallId: 'r2', status: 'error' });
    expect(String(voice.toolResultCalls[0]?.[0]?.result)).toContain('changed my mind');
    expect(runs).toEqual([]);
    await agent.stop();
  });

  it('a voice call that died while a call waited for approval: restarted in a new process, the call asks again and can be answered; a call that was running comes back cancelled', async () => {
    const clock = new ManualClock();
    const store = memorySessionStore();
    const session = { store, id: 'call-3' };
    const runs: string[] = [];
    const slow: FunctionTool = { kind: 'function', name: 'slow', description: 'Never ends.', inputSchema: { type: 'object', properties: {} }, execute: () => new Promise(() => undefined) };
    const first = new ScriptedBidiModel({ clock });
    const dying = new BidiAgent({ model: first, clock, tools: [refundTool(runs), slow], session, stopGraceMs: 0 });
    await dying.start();
    const { events } = collect(dying);
    first.connection.emit(bidiToolGroup([{ name: 'refund', id: 'r3' }, { name: 'slow', id: 's3' }]));
    await first.until(() => events.some((e) => e.type === 'tool-approval-request'));
    // The process dies: nothing more is written. (A new agent on the store stands for the new process.)
    const stored = await store.load('call-3');
    const crashed = memorySessionStore();
    await crashed.append('call-3', stored);

    const second = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model: second, clock, tools: [refundTool(runs), slow], session: { store: crashed, id: 'call-3' } });
    await agent.start();
    const resumed = collect(agent);
    await second.until(() => resumed.events.some((e) => e.type === 'tool-approval-request'));
    const replayed = second.connection.request.messages.flatMap((m) => m.parts);
    expect(replayed.find((p) => p.type === 'tool-result' && p.toolCallId === 's3')).toMatchObject({ status: 'cancelled' });
    agent.approve('r3');
    await second.until(() => second.toolResultCalls.length === 1);
    expect(second.toolResultCalls[0]).toEqual([expect.objectContaining({ toolCallId: 'r3', result: 'refunded' })]);
    expect(runs).toEqual(['r3']);
    await agent.stop();
    // The dead process's agent is stopped too: its `slow` tool ignores its signal, so the end waits out the grace.
    const stopping = dying.stop();
    await first.settle();
    await clock.advance(0);
    await stopping;
  });
});
