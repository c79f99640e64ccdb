import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { handoff } from './handoff.js';
import { HandoffError } from './handoff-error.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, deferred, fnTool, ofType } from '../__fixtures__/fixtures.js';
import { memorySessionStore } from '../session/memory-session-store.js';
import { messageFromJson, messageToJson } from '../messages/message-json.js';
import { approvalResponse } from '../messages/approval-response.js';
import type { SessionStore } from '../session/session-store.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ToolResultPart } from '../spec/message/v1/part.js';

function results(messages: readonly Message[]): ToolResultPart[] {
  return messages.flatMap((message) => message.parts.filter((part): part is ToolResultPart => part.type === 'tool-result'));
}

function team() {
  const refunds = new Agent({ name: 'refunds', description: 'Refund requests.', system: 'You handle refunds.', tools: [fnTool('refund', () => 'refunded')] });
  const billing = new Agent({ name: 'billing', description: 'Invoices and charges.', system: 'You handle billing.', tools: [fnTool('invoice', () => 'INV-1')], handoffs: [refunds] });
  const router = new Agent({ name: 'router', system: 'Route the user.', tools: [fnTool('lookup', () => 'customer 42')], handoffs: [billing, refunds] });
  return { router, billing, refunds };
}

/** A store that keeps messages as JSON text, as the SQLite and Postgres stores do. */
function jsonStore(): SessionStore {
  const rows = new Map<string, string[]>();
  const inner = memorySessionStore();
  return {
    load: async (id) => (rows.get(id) ?? []).map((row) => messageFromJson(JSON.parse(row))),
    append: async (id, messages) => {
      rows.set(id, [...(rows.get(id) ?? []), ...messages.map((message) => JSON.stringify(messageToJson(message)))]);
      await inner.append(id, messages);
    },
    list: (options) => inner.list(options),
    close: () => inner.close(),
    delete: async (id) => {
      rows.delete(id);
      await inner.delete(id);
    },
  };
}

describe('text handoffs', () => {
  it('gives the model one transfer_to_<name> tool per handoff, described by the target', async () => {
    const { router } = team();
    const model = new ScriptedModel({ responses: [textResponse('How can I help?')] });
    await router.run(model, 'hi').result;
    const tools = model.requests[0]?.tools ?? [];
    expect(tools.map((tool) => tool.name)).toEqual(['lookup', 'transfer_to_billing', 'transfer_to_refunds']);
    expect(tools[1]).toMatchObject({ kind: 'function', description: 'Invoices and charges.' });
    expect(tools[2]).toMatchObject({ description: 'Refund requests.' });
  });

  it('lets the rest of the group finish, answers the call "Transferred to <name>." and makes the next call with the target', async () => {
    const { router, billing } = team();
    const gate = deferred<string>();
    const slow = fnTool('slow', () => gate.promise);
    const routerWithSlow = new Agent({ ...router.options, tools: [slow] });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }, { name: 'slow', id: 'S' }]), textResponse('Billing here.')],
    });
    const run = routerWithSlow.run(model, 'I was charged twice');
    const events = collect(run);
    queueMicrotask(() => gate.resolve('slow done'));
    const result = await run.result;
    expect(results(result.messages).map((part) => [part.toolCallId, part.status, part.result])).toEqual([
      ['H', 'success', 'Transferred to billing.'],
      ['S', 'success', 'slow done'],
    ]);
    const second = model.requests[1];
    expect(second?.system).toBe('You handle billing.');
    expect(second?.tools.map((tool) => tool.name)).toEqual(['invoice', 'transfer_to_refunds']);
    expect(result.text).toBe('Billing here.');
    expect(result.lastAgent).toBe(billing);
    const all = await events;
    expect(ofType(all, 'handoff')).toEqual([expect.objectContaining({ from: 'router', to: 'billing', toolCallId: 'H', step: 1 })]);
  });

  it('puts agentName on every event: the router before the handoff, the target after', async () => {
    const { router } = team();
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }]), textResponse('Billing here.')] });
    const events = await collect(router.run(model, 'charge?'));
    expect(events.every((event) => typeof event.agentName === 'string')).toBe(true);
    const handoffAt = events.findIndex((event) => event.type === 'handoff');
    expect(new Set(events.slice(0, handoffAt + 1).map((event) => event.agentName))).toEqual(new Set(['router']));
    expect(new Set(events.slice(handoffAt + 1).map((event) => event.agentName))).toEqual(new Set(['billing']));
    expect(events.filter((event) => event.type === 'step-start').map((event) => event.agentName)).toEqual(['router', 'billing']);
  });

  it('names agents without a name "agent" on their events, and lastAgent is the agent run() was called on', async () => {
    const agent = new Agent();
    const run = agent.run(new ScriptedModel({ responses: [textResponse('Hi.')] }), 'hi');
    const events = await collect(run);
    expect(new Set(events.map((event) => event.agentName))).toEqual(new Set(['agent']));
    expect((await run.result).lastAgent).toBe(agent);
  });

  it('uses the target\'s own model when it has one, else the run\'s', async () => {
    const own = new ScriptedModel({ responses: [textResponse('From my own model.')] });
    const specialist = new Agent({ name: 'specialist', description: 'Knows things.', model: own });
    const plain = new Agent({ name: 'plain', description: 'Plain.' });
    const router = new Agent({ name: 'router', handoffs: [specialist, plain] });
    const runModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_specialist', id: 'H' }])] });
    expect((await router.run(runModel, 'q').result).text).toBe('From my own model.');
    expect(runModel.requests).toHaveLength(1);
    expect(own.requests).toHaveLength(1);

    const shared = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_plain', id: 'P' }]), textResponse('Same model.')] });
    expect((await router.run(shared, 'q').result).text).toBe('Same model.');
    expect(shared.requests).toHaveLength(2);
  });

  it('two handoffs in one response: the first in call order wins (even when it runs last), the other gets an error result', async () => {
    const { router, billing } = team();
    const firstMayRun = deferred();
    const secondRan = deferred();
    router.on('beforeToolCall', async (event) => {
      if (event.toolCall.toolCallId === 'first') await firstMayRun.promise;
    });
    router.on('afterToolCall', (event) => {
      if (event.toolCall.toolCallId === 'second') secondRan.resolve();
    });
    void secondRan.promise.then(() => firstMayRun.resolve());
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'first' }, { name: 'transfer_to_refunds', id: 'second' }]), textResponse('Billing here.')],
    });
    const run = router.run(model, 'charged twice, want a refund');
    const events = await collect(run);
    const result = await run.result;
    const [first, second] = results(result.messages);
    expect(first).toMatchObject({ toolCallId: 'first', status: 'success', result: 'Transferred to billing.' });
    expect(second).toMatchObject({ toolCallId: 'second', status: 'error' });
    expect(String(second?.result)).toMatch(/^HandoffError: Only one handoff per response/);
    const failed = ofType(events, 'tool-call-result').find((event) => event.result.toolCallId === 'second');
    expect(HandoffError.isInstance(failed?.exception) && failed.exception.code).toBe('HANDOFF_NOT_FIRST');
    expect(result.lastAgent).toBe(billing);
    expect(ofType(events, 'handoff')).toHaveLength(1);
  });

  it('maxHandoffs (an option of the entry agent) turns further transfers into error results', async () => {
    const { billing, refunds } = team();
    const router = new Agent({ name: 'router', handoffs: [billing], maxHandoffs: 1 });
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([{ name: 'transfer_to_billing', id: 'H1' }]),
        toolCallResponse([{ name: 'transfer_to_refunds', id: 'H2' }]),
        textResponse('Still billing.'),
      ],
    });
    const result = await router.run(model, 'q').result;
    expect(results(result.messages)[1]).toMatchObject({ toolCallId: 'H2', status: 'error' });
    expect(String(results(result.messages)[1]?.result)).toMatch(/maxHandoffs/);
    expect(result.lastAgent).toBe(billing);
    expect(model.requests[2]?.system).toBe('You handle billing.');
    expect(refunds.messages).toHaveLength(0);
  });

  it('inputFilter shapes only what the target\'s model is sent; result.messages keep the whole history', async () => {
    const billing = new Agent({ name: 'billing', description: 'Billing.' });
    const router = new Agent({ name: 'router', handoffs: [handoff(billing, { inputFilter: (messages) => messages.filter((message) => message.role === 'user') })] });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }]), textResponse('Billing here.')] });
    const result = await router.run(model, 'my invoice').result;
    expect(model.requests[1]?.messages.map((message) => message.role)).toEqual(['user']);
    expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('calls onHandoff once with from, to, the call and the history, before the target\'s first model call', async () => {
    const seen: unknown[] = [];
    const billing = new Agent({ name: 'billing', description: 'Billing.' });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'escalate', id: 'H', input: { reason: 'invoice' } }]), textResponse('Billing here.')] });
    const router = new Agent({
      name: 'router',
      handoffs: [
        handoff(billing, {
          toolName: 'escalate',
          description: 'Escalate to billing.',
          onHandoff: (ctx) => {
            seen.push({ from: ctx.from, to: ctx.to, toolCallId: ctx.toolCallId, input: ctx.input, messages: ctx.messages.length, calls: model.requests.length });
          },
        }),
      ],
    });
    await router.run(model, 'q').result;
    expect(seen).toEqual([{ from: 'router', to: 'billing', toolCallId: 'H', input: { reason: 'invoice' }, messages: 2, calls: 1 }]);
    expect(model.requests[0]?.tools.map((tool) => [tool.name, tool.kind === 'function' ? tool.description : ''])).toEqual([['escalate', 'Escalate to billing.']]);
  });

  it('an onHandoff that throws makes the call an error result, and the conversation stays', async () => {
    const billing = new Agent({ name: 'billing', description: 'Billing.' });
    const router = new Agent({ name: 'router', system: 'router', handoffs: [handoff(billing, { onHandoff: () => { throw new Error('billing is closed'); } })] });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }]), textResponse('Router again.')] });
    const run = router.run(model, 'q');
    const events = await collect(run);
    const result = await run.result;
    expect(results(result.messages)[0]).toMatchObject({ status: 'error', result: 'Error: billing is closed' });
    expect(model.requests[1]?.system).toBe('router');
    expect(result.lastAgent).toBe(router);
    expect(ofType(events, 'handoff')).toHaveLength(0);
  });

  it('uses the target\'s context manager for its model calls (and keeps history whole)', async () => {
    const billing = new Agent({ name: 'billing', description: 'Billing.', context: { prepare: (messages) => messages.slice(-1) } });
    const router = new Agent({ name: 'router', handoffs: [billing] });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }]), textResponse('Billing here.')] });
    const result = await router.run(model, 'my invoice').result;
    expect(model.requests[0]?.messages).toHaveLength(1);
    expect(model.requests[1]?.messages.map((message) => message.role)).toEqual(['tool']);
    expect(result.messages).toHaveLength(4);
  });

  it('runs the target\'s hooks after the handoff, not the source\'s', async () => {
    const { router, billing } = team();
    const calls: string[] = [];
    router.on('beforeModelCall', () => void calls.push('router'));
    billing.on('beforeModelCall', () => void calls.push('billing'));
    billing.on('messageAdded', (event) => void calls.push(`billing:${event.message.role}`));
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }]), textResponse('Billing here.')] });
    await router.run(model, 'q').result;
    expect(calls).toEqual(['router', 'billing', 'billing:assistant']);
  });

  it('hands back along an edge added after both agents exist', async () => {
    const billingHandoffs: Agent[] = [];
    const billing = new Agent({ name: 'billing', description: 'Billing.', system: 'billing', handoffs: billingHandoffs });
    const router = new Agent({ name: 'router', description: 'Routes.', system: 'router', handoffs: [billing] });
    billingHandoffs.push(router);
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([{ name: 'transfer_to_billing', id: 'H1' }]),
        toolCallResponse([{ name: 'transfer_to_router', id: 'H2' }]),
        textResponse('Router again.'),
      ],
    });
    const run = router.run(model, 'q');
    const events = await collect(run);
    expect(ofType(events, 'handoff').map((event) => `${event.from}>${event.to}`)).toEqual(['router>billing', 'billing>router']);
    expect(model.requests.map((request) => request.system)).toEqual(['router', 'billing', 'router']);
    expect((await run.result).lastAgent).toBe(router);
  });

  it('under eager execution the first handoff in call order still wins', async () => {
    const { billing, refunds } = team();
    const router = new Agent({ name: 'router', handoffs: [billing, refunds], toolExecution: { start: 'eager' } });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'transfer_to_refunds', id: 'first' }, { name: 'transfer_to_billing', id: 'second' }]), textResponse('Refunds here.')],
    });
    const result = await router.run(model, 'q').result;
    expect(results(result.messages).map((part) => part.status)).toEqual(['success', 'error']);
    expect(result.lastAgent).toBe(refunds);
  });

  it('a paused group that also transferred is resumed by the agent that made it, then the target answers', async () => {
    const deleted: string[] = [];
    const billing = new Agent({ name: 'billing', description: 'Billing.', system: 'billing' });
    const remove = { ...fnTool('delete_account', () => void deleted.push('42')), needsApproval: true };
    const router = new Agent({ name: 'router', system: 'router', tools: [remove], handoffs: [billing], approvals: 'interrupt' });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }, { name: 'delete_account', id: 'D' }]), textResponse('Billing: account deleted.')],
    });
    const paused = await router.run(model, 'delete my account and check my bill').result;
    expect(paused.stopReason).toBe('interrupted');
    expect(paused.lastAgent).toBe(billing);
    // Resumed on the router without a session: the history says the group was the router's.
    const resumed = await router.run(model, [...paused.messages, approvalResponse('D', true)]).result;
    expect(deleted).toEqual(['42']);
    expect(results(resumed.messages).map((part) => [part.toolCallId, part.status])).toEqual([
      ['H', 'success'],
      ['D', 'success'],
    ]);
    expect(model.requests[1]?.system).toBe('billing');
    expect(resumed.lastAgent).toBe(billing);
  });

  it('rejects a handoff that collides with a tool name, and a target that is not an agent', () => {
    const billing = new Agent({ name: 'billing', description: 'Billing.' });
    expect(() => new Agent({ tools: [fnTool('transfer_to_billing', () => 'x')], handoffs: [billing] })).toThrow(/two tools would be named "transfer_to_billing"/);
    expect(() => new Agent({ handoffs: [billing, billing] })).toThrow(/another handoff/);
    expect(() => new Agent({ handoffs: [{ name: 'voice', description: 'A voice agent.' }] })).toThrow(/is not an Agent/);
  });
});

describe('handoffs with a session', () => {
  it.each([
    ['a memory store', () => memorySessionStore()],
    ['a store that keeps JSON rows (as SQLite and Postgres do)', jsonStore],
  ])('with %s, a later run on any agent of the graph continues with the active agent', async (_label, makeStore) => {
    const { router, billing, refunds } = team();
    const session = { store: makeStore(), id: 'chat' };
    const first = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }]), textResponse('Billing here.')] });
    expect((await router.run(first, 'charged twice', { session }).result).lastAgent).toBe(billing);

    const second = new ScriptedModel({ responses: [textResponse('Still billing.')] });
    const run = router.run(second, 'and the invoice?', { session });
    const events = await collect(run);
    expect(second.requests[0]?.system).toBe('You handle billing.');
    expect((await run.result).lastAgent).toBe(billing);
    expect(new Set(events.map((event) => event.agentName))).toEqual(new Set(['billing']));

    // refunds does not hand off to billing, yet it is in the graph: the conversation continues with billing.
    const third = new ScriptedModel({ responses: [textResponse('Billing again.')] });
    expect((await refunds.run(third, 'one more', { session }).result).lastAgent).toBe(billing);
    expect(third.requests[0]?.system).toBe('You handle billing.');
  });
});
