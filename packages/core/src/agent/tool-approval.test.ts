import { describe, expect, it, vi } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { deferred, fnTool } from '../test-utils/fixtures.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { AgentRun } from './agent-types.js';
import type { Message } from '../spec/message/v1/message.js';
import type { FunctionTool } from '../tool/tool.js';

function toolResults(messages: readonly Message[]): Record<string, { status: string; result: unknown }> {
  const out: Record<string, { status: string; result: unknown }> = {};
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result') out[part.toolCallId] = { status: part.status, result: part.result };
  return out;
}

/** Iterates the run, calling `onEvent` for each event; resolves with every event. */
async function drive(run: AgentRun<unknown>, onEvent: (event: AgentEvent) => void): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) {
    events.push(event);
    onEvent(event);
  }
  return events;
}

function groupOfThree(): { model: ScriptedModel; executed: string[]; gates: Record<'a' | 'b', ReturnType<typeof deferred<void>>>; tools: ReturnType<typeof fnTool>[] } {
  const executed: string[] = [];
  const gates = { a: deferred(), b: deferred() };
  const a = fnTool('a', async () => {
    await gates.a.promise;
    executed.push('a');
    return 'A done';
  });
  const b = fnTool('b', async () => {
    await gates.b.promise;
    executed.push('b');
    return 'B done';
  });
  const risky = { ...fnTool('risky', () => {
    executed.push('risky');
    return 'risky done';
  }), needsApproval: true };
  const model = new ScriptedModel({
    responses: [toolCallResponse([{ name: 'a', id: 'A' }, { name: 'risky', id: 'R', input: { path: '/etc' } }, { name: 'b', id: 'B' }]), textResponse('ok')],
  });
  return { model, executed, gates, tools: [a, risky, b] };
}

describe('tool approval', () => {
  it('the other calls of the group finish and report while one waits; approve → it runs', async () => {
    const { model, executed, gates, tools } = groupOfThree();
    const run = new Agent({ tools }).run(model, 'go');
    const order: string[] = [];
    const events = await drive(run, (event) => {
      if (event.type === 'tool-approval-request') {
        order.push(`request ${event.toolCallId}`);
        expect(event.input).toEqual({ path: '/etc' });
        gates.a.resolve();
        gates.b.resolve();
      }
      if (event.type === 'tool-call-result') {
        const id = event.results[0]?.toolCallId ?? '';
        order.push(`result ${id}`);
        if (id === 'B') run.approve('R');
      }
    });
    expect(order).toEqual(['request R', 'result A', 'result B', 'result R']);
    expect(executed).toEqual(['a', 'b', 'risky']);
    const result = await run.result;
    expect(toolResults(result.messages)['R']).toEqual({ status: 'success', result: 'risky done' });
    expect(events.filter((event) => event.type === 'tool-approval-request')).toHaveLength(1);
  });

  it('deny → an error result with the reason; execute never runs', async () => {
    const { model, executed, gates, tools } = groupOfThree();
    gates.a.resolve();
    gates.b.resolve();
    const run = new Agent({ tools }).run(model, 'go');
    await drive(run, (event) => {
      if (event.type === 'tool-approval-request') run.deny(event.toolCallId, 'not on production');
    });
    const result = await run.result;
    expect(executed).toEqual(['a', 'b']);
    expect(toolResults(result.messages)['R']).toEqual({ status: 'error', result: 'The user denied this tool call: not on production' });
    expect(model.requests[1]?.messages.at(-1)?.parts[1]).toMatchObject({ status: 'error', modelInput: { type: 'text', value: 'The user denied this tool call: not on production' } });
  });

  it('cancel while an approval is pending: cancelled result, no unpaired call', async () => {
    const { model, executed, gates, tools } = groupOfThree();
    gates.a.resolve();
    gates.b.resolve();
    const agent = new Agent({ tools });
    const run = agent.run(model, 'go');
    await drive(run, (event) => {
      if (event.type === 'tool-approval-request') agent.cancel();
    });
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(executed).not.toContain('risky');
    expect(toolResults(result.messages)['R']?.status).toBe('cancelled');
    expect(Object.keys(toolResults(result.messages)).sort()).toEqual(['A', 'B', 'R']);
    expect(() => run.approve('R')).toThrow(/No tool call "R" is waiting/);
  });

  it('the Agent approve option answers (also asynchronously), and a denial without a reason has the plain text', async () => {
    const seen: unknown[] = [];
    const { model, executed, gates, tools } = groupOfThree();
    gates.a.resolve();
    gates.b.resolve();
    const agent = new Agent({
      tools,
      async approve(request) {
        seen.push(request);
        return false;
      },
    });
    const result = await agent.run(model, 'go').result;
    expect(seen).toEqual([expect.objectContaining({ toolCallId: 'R', toolName: 'risky', input: { path: '/etc' } })]);
    expect(executed).toEqual(['a', 'b']);
    expect(toolResults(result.messages)['R']?.result).toBe('The user denied this tool call.');
  });

  it('needsApproval as a function of the input decides per call', async () => {
    const ran: string[] = [];
    const write = {
      ...fnTool('write', (input) => {
        ran.push(String(input['path']));
        return 'written';
      }),
      needsApproval: (input: unknown) => !String((input as { path: string }).path).startsWith('/tmp/'),
    };
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'write', id: 'T', input: { path: '/tmp/x' } }, { name: 'write', id: 'E', input: { path: '/etc/x' } }]), textResponse('ok')],
    });
    const requests: string[] = [];
    const agent = new Agent({
      tools: [write],
      approve: (request) => {
        requests.push(request.toolCallId);
        return { approved: false, reason: 'outside /tmp' };
      },
    });
    const result = await agent.run(model, 'go').result;
    expect(requests).toEqual(['E']);
    expect(ran).toEqual(['/tmp/x']);
    expect(toolResults(result.messages)['E']?.result).toBe('The user denied this tool call: outside /tmp');
  });

  it('approve() for a call that is not waiting throws a TypeError naming what is waiting', async () => {
    const run = new Agent().run(new ScriptedModel({ responses: [textResponse('hi')] }), 'go');
    expect(() => run.approve('nope')).toThrow(TypeError);
    await run.result;
  });

  describe('a schema-only tool (no execute) that needs approval', () => {
    function setup(): { model: ScriptedModel; tools: FunctionTool[] } {
      const transfer: FunctionTool = {
        kind: 'function',
        name: 'transfer',
        spec: { description: 'Move money; the app runs it.', params: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } },
        validate: (input) =>
          typeof (input as { amount?: unknown }).amount === 'number' ? { success: true, value: input } : { success: false, error: 'amount must be a number' },
        needsApproval: true,
      };
      const model = new ScriptedModel({
        responses: [toolCallResponse([{ name: 'a', id: 'A' }, { name: 'transfer', id: 'T', input: { amount: 5 } }]), textResponse('told the user')],
      });
      return { model, tools: [fnTool('a', () => 'A done'), transfer] };
    }

    it('approved → the run ends toolUse with the call left to the caller; the other call of the group ran', async () => {
      const { model, tools } = setup();
      const run = new Agent({ tools }).run(model, 'go');
      const requests: string[] = [];
      await drive(run, (event) => {
        if (event.type === 'tool-approval-request') {
          requests.push(event.toolCallId);
          expect(event.input).toEqual({ amount: 5 });
          run.approve(event.toolCallId);
        }
      });
      const result = await run.result;
      expect(requests).toEqual(['T']);
      expect(result.stopReason).toBe('toolUse');
      expect(toolResults(result.messages)).toEqual({ A: { status: 'success', result: 'A done' } });
      expect(model.requests).toHaveLength(1);
    });

    it('denied → an error result goes back to the model and the run goes on; nothing is left pending', async () => {
      const { model, tools } = setup();
      const run = new Agent({ tools, approve: () => ({ approved: false, reason: 'over the limit' }) }).run(model, 'go');
      const result = await run.result;
      expect(result.stopReason).toBe('endTurn');
      expect(result.text).toBe('told the user');
      expect(toolResults(result.messages)['T']).toEqual({ status: 'error', result: 'The user denied this tool call: over the limit' });
      expect(model.requests).toHaveLength(2);
    });

    it('input that fails the schema is reported back to the model, never handed to the caller', async () => {
      const { tools } = setup();
      const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer', id: 'T', input: { amount: 'lots' } }]), textResponse('sorry')] });
      const approve = vi.fn(() => true);
      const result = await new Agent({ tools, approve }).run(model, 'go').result;
      expect(approve).not.toHaveBeenCalled();
      expect(result.stopReason).toBe('endTurn');
      expect(toolResults(result.messages)['T']).toMatchObject({ status: 'error', result: expect.stringContaining('amount must be a number') });
    });

    it('cancel while it waits → cancelled result, the run ends cancelled', async () => {
      const { model, tools } = setup();
      const agent = new Agent({ tools });
      const run = agent.run(model, 'go');
      await drive(run, (event) => {
        if (event.type === 'tool-approval-request') agent.cancel();
      });
      const result = await run.result;
      expect(result.stopReason).toBe('cancelled');
      expect(toolResults(result.messages)['T']?.status).toBe('cancelled');
    });
  });
});
