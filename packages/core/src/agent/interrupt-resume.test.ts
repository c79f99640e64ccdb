import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool, ofType } from '../test-utils/fixtures.js';
import { approvalResponse } from '../messages/approval-response.js';
import { messageFromJson, messageToJson } from '../messages/message-json.js';
import { memorySessionStore } from '../session/memory-session-store.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { Message } from '../spec/message/v1/message.js';
import type { FunctionTool } from '../tool/tool.js';
import type { ToolContext } from '../tool/tool-context.js';

function results(messages: readonly Message[]): Record<string, { status: string; result: unknown }> {
  const out: Record<string, { status: string; result: unknown }> = {};
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result') out[part.toolCallId] = { status: part.status, result: part.result };
  return out;
}

async function events(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of run) all.push(event);
  return all;
}

function setup(): { tools: FunctionTool[]; runs: string[]; keys: string[]; model: () => ScriptedModel } {
  const runs: string[] = [];
  const keys: string[] = [];
  const plain = (name: string) =>
    fnTool(name, () => {
      runs.push(name);
      return `${name} done`;
    });
  const gated = (name: string): FunctionTool => ({
    ...fnTool(name, (_input, ctx: ToolContext) => {
      runs.push(name);
      keys.push(ctx.idempotencyKey);
      return `${name} done`;
    }),
    needsApproval: (_input: unknown, ctx: ToolContext) => {
      keys.push(ctx.idempotencyKey);
      return true;
    },
  });
  const model = () =>
    new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'a', id: 'A' },
          { name: 'deploy', id: 'D', input: { env: 'prod' } },
          { name: 'wipe', id: 'W' },
        ]),
        textResponse('all done'),
      ],
    });
  return { tools: [plain('a'), gated('deploy'), gated('wipe')], runs, keys, model };
}

describe("approvals: 'interrupt'", () => {
  it('ends interrupted once the rest of the group finished; the finished results are recorded, the waiting calls stay pending', async () => {
    const { tools, runs, model: makeModel } = setup();
    const model = makeModel();
    const run = new Agent({ tools, approvals: 'interrupt' }).run(model, 'ship it');
    const seen = await events(run);
    const result = await run.result;
    expect(result.stopReason).toBe('interrupted');
    expect(result.interruptions.map(({ toolCallId, toolName, input }) => ({ toolCallId, toolName, input }))).toEqual([
      { toolCallId: 'D', toolName: 'deploy', input: { env: 'prod' } },
      { toolCallId: 'W', toolName: 'wipe', input: {} },
    ]);
    expect(runs).toEqual(['a']);
    expect(model.requests).toHaveLength(1);
    const assistant = result.messages.find((message) => message.role === 'assistant');
    expect(assistant?.parts.filter((part) => part.type === 'tool-approval-request').map((part) => part.toolCallId)).toEqual(['D', 'W']);
    expect(results(result.messages)).toEqual({ A: { status: 'success', result: 'a done' } });
    expect(ofType(seen, 'tool-approval-request').map((event) => event.toolCallId)).toEqual(['D', 'W']);
  });

  it('resumes with the history plus responses: approved calls run, denied ones get the denial, then the model is called', async () => {
    const { tools, runs, model: makeModel } = setup();
    const model = makeModel();
    const agent = new Agent({ tools, approvals: 'interrupt' });
    const first = await agent.run(model, 'ship it').result;
    const resumed = agent.run(model, [...first.messages, approvalResponse('D', true), approvalResponse('W', false, 'not today')]);
    const seen = await events(resumed);
    const result = await resumed.result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('all done');
    expect(runs).toEqual(['a', 'deploy']);
    expect(results(result.messages)).toEqual({
      A: { status: 'success', result: 'a done' },
      D: { status: 'success', result: 'deploy done' },
      W: { status: 'error', result: 'The user denied this tool call: not today' },
    });
    expect(ofType(seen, 'tool-call-start').map((event) => event.toolCallId)).toEqual(['D']);
    // The answered calls' results follow in a tool message right after the responses.
    expect(result.messages.slice(-3).map((message) => message.role)).toEqual(['tool', 'tool', 'assistant']);
    // The model never sees approval parts, and the group's tool messages reach it as one turn.
    const sent = model.requests[1]?.messages ?? [];
    expect(sent.flatMap((message) => message.parts).some((part) => part.type.startsWith('tool-approval'))).toBe(false);
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(sent[2]?.parts.map((part) => (part.type === 'tool-result' ? part.toolCallId : part.type))).toEqual(['A', 'D', 'W']);
  });

  it('a resume that answers only some calls runs those at once and ends interrupted again with the rest (re-announced)', async () => {
    const { tools, runs, model: makeModel } = setup();
    const model = makeModel();
    const agent = new Agent({ tools, approvals: 'interrupt' });
    const first = await agent.run(model, 'ship it').result;
    const partialRun = agent.run(model, [...first.messages, approvalResponse('W', true)]);
    const seen = await events(partialRun);
    const partial = await partialRun.result;
    expect(partial.stopReason).toBe('interrupted');
    expect(partial.interruptions.map((request) => request.toolCallId)).toEqual(['D']);
    expect(ofType(seen, 'tool-approval-request').map((event) => event.toolCallId)).toEqual(['D']);
    expect(runs).toEqual(['a', 'wipe']);
    const done = await agent.run(model, [...partial.messages, approvalResponse('D', true)]).result;
    expect(done.stopReason).toBe('endTurn');
    expect(runs).toEqual(['a', 'wipe', 'deploy']);
    expect(model.requests).toHaveLength(2);
  });

  it('a response for an unknown or already-answered call is a TypeError naming the id', async () => {
    const { tools, model: makeModel } = setup();
    const model = makeModel();
    const agent = new Agent({ tools, approvals: 'interrupt' });
    const first = await agent.run(model, 'ship it').result;
    expect(() => agent.run(model, [...first.messages, approvalResponse('nope', true)])).toThrow(/"nope"/);
    const partial = await agent.run(model, [...first.messages, approvalResponse('W', true)]).result;
    expect(() => agent.run(model, [...partial.messages, approvalResponse('W', true)])).toThrow(/"W" was already answered/);
  });

  it('the approve option answers at once: no pause', async () => {
    const { tools, runs, model: makeModel } = setup();
    const result = await new Agent({ tools, approvals: 'interrupt', approve: () => true }).run(makeModel(), 'ship it').result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.interruptions).toEqual([]);
    expect(runs.sort()).toEqual(['a', 'deploy', 'wipe']);
  });

  it('the run option overrides the agent: a waiting agent run with approvals: interrupt pauses', async () => {
    const { tools, model: makeModel } = setup();
    const result = await new Agent({ tools }).run(makeModel(), 'ship it', { approvals: 'interrupt' }).result;
    expect(result.stopReason).toBe('interrupted');
  });

  it('with a session: resumed by a new Agent with just the responses; the pending calls survive the reload unrepaired; keys are stable', async () => {
    const store = memorySessionStore();
    const session = { store, id: 'chat-1' };
    const { tools, runs, keys, model: makeModel } = setup();
    const model = makeModel();
    const first = await new Agent({ tools, approvals: 'interrupt', session }).run(model, 'ship it').result;
    expect(first.stopReason).toBe('interrupted');
    const stored = await store.load('chat-1');
    expect(stored.flatMap((message) => message.parts).filter((part) => part.type === 'tool-result').map((part) => part.toolCallId)).toEqual(['A']);
    const second = new Agent({ tools, approvals: 'interrupt', session });
    const resumed = second.run(model, [approvalResponse('D', true), approvalResponse('W', true)]);
    const seen = await events(resumed);
    const result = await resumed.result;
    expect(result.stopReason).toBe('endTurn');
    expect(runs.sort()).toEqual(['a', 'deploy', 'wipe']);
    expect(ofType(seen, 'tool-call-result').map((event) => [event.result.toolCallId, event.result.status])).toEqual([
      ['D', 'success'],
      ['W', 'success'],
    ]);
    expect(keys.filter((key) => key.endsWith(':D'))).toEqual(['chat-1:D', 'chat-1:D']);
    const reloaded = await store.load('chat-1');
    expect(results(reloaded)).toEqual({
      A: { status: 'success', result: 'a done' },
      D: { status: 'success', result: 'deploy done' },
      W: { status: 'success', result: 'wipe done' },
    });
  });

  it('with a session: a run that answers an unknown call rejects with the TypeError', async () => {
    const session = { store: memorySessionStore(), id: 'chat-2' };
    const run = new Agent({ session }).run(new ScriptedModel({ responses: [textResponse('x')] }), [approvalResponse('ghost', true)]);
    await expect(run.result).rejects.toThrow(/"ghost"/);
  });

  it('a restored pending approval is re-announced when a run with only a session resumes it live', async () => {
    const session = { store: memorySessionStore(), id: 'chat-3' };
    const { tools, runs, model: makeModel } = setup();
    const model = makeModel();
    await new Agent({ tools, approvals: 'interrupt', session }).run(model, 'ship it').result;
    const live = new Agent({ tools, session }).run(model, []);
    for await (const event of live) {
      if (event.type === 'tool-approval-request') live.approve(event.toolCallId);
    }
    expect((await live.result).stopReason).toBe('endTurn');
    expect(runs.sort()).toEqual(['a', 'deploy', 'wipe']);
  });
});

describe('approval parts as data', () => {
  it('approvalResponse() builds a tool message with one response part', () => {
    expect(approvalResponse('c1', false, 'no')).toEqual({ role: 'tool', parts: [{ type: 'tool-approval-response', toolCallId: 'c1', approved: false, reason: 'no' }] });
    expect(approvalResponse('c1', true)).toEqual({ role: 'tool', parts: [{ type: 'tool-approval-response', toolCallId: 'c1', approved: true }] });
    expect(() => approvalResponse('', true)).toThrow(TypeError);
  });

  it('messageToJson / messageFromJson round-trip request (with nested state) and response parts', () => {
    const request: Message = {
      role: 'assistant',
      parts: [
        { type: 'tool-call', toolCallId: 'o1', toolName: 'research', toolArgs: '{}' },
        { type: 'tool-approval-request', toolCallId: 'i1', toolName: 'rm', input: { path: 'a' }, parentToolCallId: 'o1', state: [{ role: 'user', parts: [] }] },
      ],
    };
    const response = approvalResponse('i1', false, 'why');
    for (const message of [request, response]) expect(messageFromJson(JSON.parse(JSON.stringify(messageToJson(message))))).toEqual(message);
  });
});

describe('nested runs ({ parent: ctx })', () => {
  function nestedSetup(wrap: (ctx: ToolContext) => ToolContext): { outer: ScriptedModel; ran: string[]; agent: Agent } {
    const ran: string[] = [];
    const inner = new Agent({ tools: [{ ...fnTool('rm', () => (ran.push('rm'), 'removed')), needsApproval: true }] });
    const innerModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'rm', id: 'inner1' }]), textResponse('inner done')] });
    const delegate = fnTool('delegate', async (_input, ctx) => (await inner.run(innerModel, 'clean', { signal: ctx.signal, parent: wrap(ctx) }).result).text);
    const outer = new ScriptedModel({ responses: [toolCallResponse([{ name: 'delegate', id: 'O1' }]), textResponse('outer done')] });
    return { outer, ran, agent: new Agent({ tools: [delegate], approve: () => true }) };
  }

  it('a copied context ({ ...ctx, signal }) still answers nested approvals from the outer run', async () => {
    const { outer, ran, agent } = nestedSetup((ctx) => ({ ...ctx, signal: AbortSignal.any([ctx.signal]) }));
    expect((await agent.run(outer, 'go').result).text).toBe('outer done');
    expect(ran).toEqual(['rm']);
  });
});
