import { expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';
import { approvalResponse } from '../messages/approval-response.js';
import { memorySessionStore } from './memory-session-store.js';
import { pendingApprovalRequests } from './pending-approval-requests.js';

it('lists the requests a paused session waits on, and none once they are answered', async () => {
  const store = memorySessionStore();
  const session = { store, id: 's1' };
  const rm = { ...fnTool('rm', () => 'removed'), needsApproval: true as const };
  const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'rm', id: 'c1', input: { path: 'a' } }, { name: 'rm', id: 'c2' }]), textResponse('done')] });
  const agent = new Agent({ tools: [rm], approvals: 'interrupt', session });
  const paused = await agent.run(model, 'clean up').result;
  expect(paused.stopReason).toBe('interrupted');
  expect(pendingApprovalRequests(paused.messages).map((r) => r.toolCallId)).toEqual(['c1', 'c2']);
  const stored = pendingApprovalRequests(await store.load('s1'));
  expect(stored).toMatchObject([{ toolCallId: 'c1', toolName: 'rm', input: { path: 'a' } }, { toolCallId: 'c2' }]);
  await agent.run(model, [approvalResponse('c1', true), approvalResponse('c2', false)]).result;
  expect(pendingApprovalRequests(await store.load('s1'))).toEqual([]);
});
