// Reproduced defects of live approvals (each failed before its fix).
import { describe, expect, it, vi } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { deferred, fnTool, ofType } from '../test-utils/fixtures.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { Message } from '../spec/message/v1/message.js';
import type { FunctionTool } from '../tool/tool.js';

function results(messages: readonly Message[]): Record<string, { status: string; result: unknown }> {
  const out: Record<string, { status: string; result: unknown }> = {};
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result') out[part.toolCallId] = { status: part.status, result: part.result };
  return out;
}

function risky(name = 'risky', run: () => unknown = () => `${name} done`, config?: FunctionTool['config']): FunctionTool {
  return { ...fnTool(name, run, config === undefined ? {} : { config }), needsApproval: true };
}

describe('a call waiting for approval holds no concurrency slot', () => {
  it.each(['sequential', 1] as const)('concurrency %s: the rest of the group runs while the first call waits', async (concurrency) => {
    const bRan = deferred();
    const b = fnTool('b', () => {
      bRan.resolve();
      return 'B done';
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'risky', id: 'R' }, { name: 'b', id: 'B' }]), textResponse('ok')] });
    // The person answers only after B has run: B must not wait behind R's slot.
    const agent = new Agent({ tools: [risky(), b], toolExecution: { concurrency }, approve: () => bRan.promise.then(() => true) });
    const result = await agent.run(model, 'go').result;
    expect(results(result.messages)).toEqual({ R: { status: 'success', result: 'risky done' }, B: { status: 'success', result: 'B done' } });
  });

  it('an approved call waits for a free slot before it runs', async () => {
    const running = new Set<string>();
    let most = 0;
    const gate = deferred();
    const aStarted = deferred();
    const slow = (name: string) =>
      fnTool(name, async () => {
        running.add(name);
        most = Math.max(most, running.size);
        if (name === 'a') aStarted.resolve();
        await gate.promise;
        running.delete(name);
        return name;
      });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'risky', id: 'R' }, { name: 'a', id: 'A' }]), textResponse('ok')] });
    // Approved while A holds the only slot; A finishes only after a full turn of the event loop.
    const approve = async (): Promise<boolean> => {
      await aStarted.promise;
      setImmediate(() => gate.resolve());
      return true;
    };
    const run = new Agent({ tools: [{ ...slow('risky'), needsApproval: true }, slow('a')], toolExecution: { concurrency: 1 }, approve }).run(model, 'go');
    const starts = ofType(await collectAll(run), 'tool-call-start').map((event) => event.toolCallId);
    expect((await run.result).stopReason).toBe('endTurn');
    expect(starts).toEqual(['A', 'R']);
    expect(most).toBe(1);
  });
});

async function collectAll(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('the approval wait is not bounded by the tool timeout', () => {
  it('a call approved after longer than its timeoutMs runs', async () => {
    vi.useFakeTimers();
    try {
      const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'deploy', id: 'D' }]), textResponse('ok')] });
      const run = new Agent({ tools: [risky('deploy', () => 'deployed', { timeoutMs: 1_000 })] }).run(model, 'go');
      const seen: AgentEvent[] = [];
      const reading = (async () => {
        for await (const event of run) seen.push(event);
      })();
      await vi.advanceTimersByTimeAsync(5_000);
      run.approve('D');
      const result = await run.result;
      await reading;
      expect(results(result.messages)['D']).toEqual({ status: 'success', result: 'deployed' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('approvalTimeoutMs bounds the wait: an error result, the tool never runs', async () => {
    vi.useFakeTimers();
    try {
      let ran = false;
      const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'deploy', id: 'D' }]), textResponse('ok')] });
      const run = new Agent({ tools: [risky('deploy', () => (ran = true), { approvalTimeoutMs: 500 })] }).run(model, 'go');
      const reading = (async () => {
        for await (const _event of run);
      })();
      await vi.advanceTimersByTimeAsync(500);
      const result = await run.result;
      await reading;
      expect(results(result.messages)['D']).toEqual({ status: 'error', result: 'The approval timed out after 500 ms' });
      expect(ran).toBe(false);
      expect(() => run.approve('D')).toThrow(TypeError);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the Agent's approvalTimeoutMs applies to every tool; a tool's own wins", async () => {
    vi.useFakeTimers();
    try {
      const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'x', id: 'X' }, { name: 'y', id: 'Y' }]), textResponse('ok')] });
      const run = new Agent({ tools: [risky('x'), risky('y', () => 'y', { approvalTimeoutMs: 100 })], approvalTimeoutMs: 300 }).run(model, 'go');
      void (async () => {
        for await (const _event of run);
      })();
      await vi.advanceTimersByTimeAsync(300);
      const result = await run.result;
      expect(results(result.messages)).toEqual({
        X: { status: 'error', result: 'The approval timed out after 300 ms' },
        Y: { status: 'error', result: 'The approval timed out after 100 ms' },
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a deferred end does not wait for approvals', () => {
  it('a stop tool in the group ends the run; the waiting call is cancelled once the rest finished', async () => {
    const stop = fnTool('stop', (_input, ctx) => {
      ctx.agent.cancel({ afterCurrentTools: true, message: 'Stopped.' });
      return 'stopping';
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'risky', id: 'R' }, { name: 'stop', id: 'S' }]), textResponse('never')] });
    const run = new Agent({ tools: [risky(), stop] }).run(model, 'go');
    const result = await run.result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Stopped.');
    expect(results(result.messages)).toEqual({ R: { status: 'cancelled', result: expect.any(String) }, S: { status: 'success', result: 'stopping' } });
    expect(model.requests).toHaveLength(1);
  });

  it('cancel({ afterCurrentTools }) while only an approval waits ends the run', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'risky', id: 'R' }]), textResponse('never')] });
    const agent = new Agent({ tools: [risky()] });
    const run = agent.run(model, 'go');
    for await (const event of run) if (event.type === 'tool-approval-request') agent.cancel({ afterCurrentTools: true });
    const result = await run.result;
    expect(result.stopReason).toBe('endTurn');
    expect(results(result.messages)['R']?.status).toBe('cancelled');
  });

  it('a waiting call is not cancelled before the rest of the group has finished', async () => {
    const slowGate = deferred();
    const slow = fnTool('slow', async () => {
      await slowGate.promise;
      return 'slow done';
    });
    const stop = fnTool('stop', (_input, ctx) => {
      ctx.agent.cancel({ afterCurrentTools: true });
      return 'stopping';
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'risky', id: 'R' }, { name: 'stop', id: 'S' }, { name: 'slow', id: 'W' }])] });
    const run = new Agent({ tools: [risky(), stop, slow] }).run(model, 'go');
    const order: string[] = [];
    for await (const event of run) {
      if (event.type === 'tool-call-result') order.push(event.result.toolCallId);
      if (event.type === 'tool-call-result' && event.result.toolCallId === 'S') slowGate.resolve();
    }
    expect(order).toEqual(['S', 'W', 'R']);
    expect((await run.result).stopReason).toBe('endTurn');
  });
});

describe('an immediate cancel wins until run.result resolves', () => {
  it('a cancel landing while the last message of a toolUse step is recorded ends the run cancelled', async () => {
    const pendingTool: FunctionTool = { kind: 'function', name: 'ask', spec: { description: 'The app answers.', params: { type: 'object' } } };
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'a', id: 'A' }, { name: 'ask', id: 'P' }])] });
    const agent: Agent = new Agent({
      tools: [fnTool('a', () => 'A done'), pendingTool],
      hooks: {
        messageAdded: ({ message }): void => {
          if (message.role === 'tool') agent.cancel();
        },
      },
    });
    const run = agent.run(model, 'go');
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(results(result.messages)).toEqual({ A: { status: 'success', result: 'A done' }, P: { status: 'cancelled', result: expect.any(String) } });
    expect(ofType(events, 'tool-call-result').map((event) => event.result.toolCallId)).toEqual(['A', 'P']);
  });
});
