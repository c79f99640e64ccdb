import assert from 'node:assert/strict';
import { Agent, approvalResponse, type FunctionTool, type LanguageModel, type Message, type ModelStreamPart, type SessionStore } from '@tandem/core';
import { assertSameMessages, withStore } from './conformance-helpers.js';
import type { SessionStoreConformanceCase, SessionStoreConformanceOptions } from './conformance-options.js';

const USAGE = { inputTokens: 1, outputTokens: 1 };

/** A model that calls `deploy` once, then answers. */
function deployingModel(): LanguageModel {
  let calls = 0;
  return {
    specificationVersion: 'v1',
    provider: 'conformance',
    modelId: 'deployer',
    async *stream(): AsyncIterable<ModelStreamPart> {
      calls++;
      if (calls === 1) {
        yield { type: 'tool-start', toolCallId: 'deploy_1', toolName: 'deploy' };
        yield { type: 'tool-end', toolCallId: 'deploy_1', toolName: 'deploy', toolArgs: '{"env":"prod"}' };
        yield { type: 'finish', finishReason: 'tool-calls', usage: USAGE };
        return;
      }
      yield { type: 'text-start', blockId: 't' };
      yield { type: 'text-delta', blockId: 't', chunk: 'Deployed.' };
      yield { type: 'text-end', blockId: 't' };
      yield { type: 'finish', finishReason: 'stop', usage: USAGE };
    },
  };
}

function deployTool(ran: string[]): FunctionTool {
  return {
    kind: 'function',
    name: 'deploy',
    spec: { description: 'Deploys.', params: { type: 'object', properties: { env: { type: 'string' } } } },
    needsApproval: true,
    execute: (_input, ctx) => {
      ran.push(ctx.idempotencyKey);
      return 'ok';
    },
  };
}

/** Pauses a run on `store`, then resumes it on `resumeStore` (the same store, or a reopened one). */
async function pauseAndResume(store: SessionStore, resumeStore: () => Promise<SessionStore>, id: string): Promise<void> {
  const ran: string[] = [];
  const model = deployingModel();
  const paused = await new Agent({ tools: [deployTool(ran)], approvals: 'interrupt', session: { store, id } }).run(model, 'ship it').result;
  assert.equal(paused.stopReason, 'interrupted');
  const reloadStore = await resumeStore();
  const loaded = await reloadStore.load(id);
  const parts = loaded.flatMap((message) => message.parts);
  assert.ok(parts.some((part) => part.type === 'tool-approval-request' && part.toolCallId === 'deploy_1'), 'the approval request is stored');
  assert.ok(!parts.some((part) => part.type === 'tool-result'), 'the pending call has no result (it was not repaired)');
  const resumed = await new Agent({ tools: [deployTool(ran)], session: { store: reloadStore, id } }).run(model, [approvalResponse('deploy_1', true)]).result;
  assert.equal(resumed.stopReason, 'endTurn');
  assert.equal(resumed.text, 'Deployed.');
  assert.deepStrictEqual(ran, [`${id}:deploy_1`], 'the approved tool ran exactly once, with the session-derived idempotency key');
  const results = (await reloadStore.load(id)).flatMap((message) => message.parts).filter((part) => part.type === 'tool-result');
  assert.deepStrictEqual(
    results.map((part) => [part.toolCallId, part.status]),
    [['deploy_1', 'success']],
    'exactly one result for the call after the resume',
  );
}

/** Run state kept in messages: approval parts round-trip, and a paused run survives a reload. */
export const approvalCases: readonly SessionStoreConformanceCase[] = [
  {
    name: 'approval request (with nested state) and response parts round-trip exactly',
    run: (options) =>
      withStore(options, async (store) => {
        const messages: Message[] = [
          {
            role: 'assistant',
            parts: [
              { type: 'tool-call', toolCallId: 'outer_1', toolName: 'research', toolArgs: '{"prompt":"go"}', input: { prompt: 'go' } },
              {
                type: 'tool-approval-request',
                toolCallId: 'inner_1',
                toolName: 'rm',
                input: { path: 'a.txt' },
                parentToolCallId: 'outer_1',
                state: [{ role: 'user', parts: [{ type: 'text', text: 'go' }] }],
              },
            ],
          },
          approvalResponse('inner_1', false, 'keep it'),
        ];
        await store.append('approval-parts', messages);
        assertSameMessages(await store.load('approval-parts'), messages, 'approval parts');
      }),
  },
  {
    name: 'a run paused for approval survives a reload unrepaired, and a new Agent resumes it (the tool runs once)',
    run: (options) => withStore(options, (store) => pauseAndResume(store, () => Promise.resolve(store), 'paused-run')),
  },
  {
    name: 'a run paused for approval resumes through a reopened store',
    needsReopen: true,
    run: (options: SessionStoreConformanceOptions) =>
      withStore(options, async (store) => {
        let reopened: SessionStore | undefined;
        try {
          await pauseAndResume(store, async () => (reopened = await (options.reopen as NonNullable<typeof options.reopen>)(store)), 'paused-reopened');
        } finally {
          await reopened?.close();
        }
      }),
  },
];
