import { describe, expect, it } from 'vitest';
import { Agent, approvalResponse, memorySessionStore, type AgentEvent, type FunctionTool, type Message } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { subAgentTool } from './index.js';

function setup(): { outerModel: ScriptedModel; innerModel: ScriptedModel; removed: string[]; research: FunctionTool } {
  const removed: string[] = [];
  const rm: FunctionTool = {
    kind: 'function',
    name: 'rm',
    spec: { description: 'Removes a file.', params: { type: 'object', properties: { path: { type: 'string' } } } },
    needsApproval: true,
    execute: (input) => {
      removed.push((input as { path: string }).path);
      return 'removed';
    },
  };
  const innerModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'rm', id: 'inner1', input: { path: 'a.txt' } }]), textResponse('Cleaned up.')] });
  const outerModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'cleaner', id: 'O1', input: { prompt: 'clean' } }]), textResponse('Done.')] });
  const research = subAgentTool(new Agent({ tools: [rm] }), innerModel, { name: 'cleaner', description: 'Cleans files.' });
  return { outerModel, innerModel, removed, research };
}

function toolResults(messages: readonly Message[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result') out[part.toolCallId] = part.status;
  return out;
}

describe('approvals of a sub-agent, answered from the outer run', () => {
  it('live: run.approve(innerId) on the outer run answers the nested request', async () => {
    const { outerModel, removed, research } = setup();
    const run = new Agent({ tools: [research] }).run(outerModel, 'go');
    const requests: AgentEvent[] = [];
    for await (const event of run) {
      if (event.type === 'tool-approval-request') {
        requests.push(event);
        run.approve(event.toolCallId);
      }
    }
    const result = await run.result;
    expect(requests.map((event) => [event.type === 'tool-approval-request' && event.toolCallId, event.parentToolCallId])).toEqual([['inner1', 'O1']]);
    expect(result.text).toBe('Done.');
    expect(removed).toEqual(['a.txt']);
  });

  it('live: run.deny(innerId) denies the nested call', async () => {
    const { outerModel, innerModel, removed, research } = setup();
    const run = new Agent({ tools: [research] }).run(outerModel, 'go');
    for await (const event of run) if (event.type === 'tool-approval-request') run.deny(event.toolCallId, 'keep it');
    expect((await run.result).stopReason).toBe('endTurn');
    expect(removed).toEqual([]);
    const denied = innerModel.requests[1]?.messages.at(-1)?.parts[0];
    expect(denied).toMatchObject({ type: 'tool-result', toolCallId: 'inner1', result: 'The user denied this tool call: keep it' });
  });

  it("the outer agent's approve option answers nested requests", async () => {
    const { outerModel, removed, research } = setup();
    const seen: string[] = [];
    const agent = new Agent({ tools: [research], approve: (request) => (seen.push(request.toolCallId), true) });
    expect((await agent.run(outerModel, 'go').result).text).toBe('Done.');
    expect(seen).toEqual(['inner1']);
    expect(removed).toEqual(['a.txt']);
  });

  it("interrupt: the outer call stays pending, and resuming the outer run resumes the nested one", async () => {
    const { outerModel, innerModel, removed, research } = setup();
    const agent = new Agent({ tools: [research], approvals: 'interrupt' });
    const paused = await agent.run(outerModel, 'go').result;
    expect(paused.stopReason).toBe('interrupted');
    expect(paused.interruptions.map(({ toolCallId, toolName, parentToolCallId }) => ({ toolCallId, toolName, parentToolCallId }))).toEqual([
      { toolCallId: 'inner1', toolName: 'rm', parentToolCallId: 'O1' },
    ]);
    expect(toolResults(paused.messages)).toEqual({});
    const request = paused.messages.flatMap((message) => message.parts).find((part) => part.type === 'tool-approval-request');
    expect(request).toMatchObject({ toolCallId: 'inner1', parentToolCallId: 'O1', state: expect.any(Array) });
    const resumed = await agent.run(outerModel, [...paused.messages, approvalResponse('inner1', true)]).result;
    expect(resumed.stopReason).toBe('endTurn');
    expect(resumed.text).toBe('Done.');
    expect(removed).toEqual(['a.txt']);
    expect(toolResults(resumed.messages)).toEqual({ O1: 'success' });
    // The nested model was asked once before the pause and once after: nothing was repeated.
    expect(innerModel.requests).toHaveLength(2);
  });

  it('interrupt with a session: a new agent resumes the nested run from the stored request', async () => {
    const { outerModel, removed, research } = setup();
    const session = { store: memorySessionStore(), id: 'nested-1' };
    const paused = await new Agent({ tools: [research], approvals: 'interrupt', session }).run(outerModel, 'go').result;
    expect(paused.stopReason).toBe('interrupted');
    const again = new Agent({ tools: [research], approvals: 'interrupt', session });
    const resumed = await again.run(outerModel, [approvalResponse('inner1', true)]).result;
    expect(resumed.text).toBe('Done.');
    expect(removed).toEqual(['a.txt']);
  });
});
