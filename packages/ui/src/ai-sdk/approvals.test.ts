import type { UIMessage } from 'ai';
import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { deleteTool, weatherTool } from '../__fixtures__/tools.js';
import { readValidChunks, uiMessageOf } from '../__fixtures__/ui-chunks.js';
import { fromUIMessages } from './from-ui-messages.js';
import { toUIMessageStream } from './to-ui-message-stream.js';

/** What useChat's addToolApprovalResponse does to the message. */
function answer(message: UIMessage, approved: boolean, reason?: string): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) =>
      'approval' in part && part.state === 'approval-requested' ? { ...part, state: 'approval-responded', approval: { ...part.approval, approved, ...(reason === undefined ? {} : { reason }) } } : part,
    ) as UIMessage['parts'],
  };
}

const question: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather, and delete a.txt' }] };

function setup() {
  const runs: string[] = [];
  const model = new ScriptedModel({
    responses: [
      toolCallResponse([
        { id: 'call_w', name: 'weather', input: { city: 'Oslo' } },
        { id: 'call_d', name: 'delete_file', input: { path: 'a.txt' } },
      ]),
      textResponse('Done.'),
    ],
  });
  const agent = new Agent({ tools: [weatherTool(), deleteTool(runs)], approvals: 'interrupt' });
  return { runs, model, agent };
}

describe('approvals over AI SDK UI (approvals: interrupt)', () => {
  it('interrupts with tool-approval-request; the answer from the page resumes the run and the tool runs exactly once', async () => {
    const { runs, model, agent } = setup();
    const first = agent.run(model, fromUIMessages([question]));
    const chunks = await readValidChunks(toUIMessageStream(first, { originalMessages: [question] }));
    expect((await first.result).stopReason).toBe('interrupted');
    expect(chunks).toContainEqual({ type: 'tool-approval-request', approvalId: 'call_d', toolCallId: 'call_d' });
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'tool-calls' });
    const asked = await uiMessageOf(chunks);
    expect(asked.parts.filter((part) => part.type.startsWith('tool-')).map((part) => (part as { state: string }).state)).toEqual(['output-available', 'approval-requested']);
    expect(runs).toEqual([]);

    const answered = answer(asked, true);
    const second = agent.run(model, fromUIMessages([question, answered]));
    const resumed = await readValidChunks(toUIMessageStream(second, { originalMessages: [question, answered] }));
    expect(resumed[0]).toEqual({ type: 'start', messageId: asked.id });
    expect(resumed).toContainEqual({ type: 'tool-output-available', toolCallId: 'call_d', output: 'deleted a.txt' });
    expect((await second.result).stopReason).toBe('endTurn');
    expect(runs).toEqual(['a.txt']);
    const final = await uiMessageOf(resumed, answered);
    expect(final.parts.filter((part) => part.type.startsWith('tool-')).map((part) => (part as { state: string }).state)).toEqual(['output-available', 'output-available']);
    expect(final.parts.at(-1)).toMatchObject({ type: 'text', text: 'Done.' });
    expect(model.requests).toHaveLength(2);
  });

  it('a denial from the page becomes tool-output-denied and the tool never runs', async () => {
    const { runs, model, agent } = setup();
    const first = agent.run(model, fromUIMessages([question]));
    const asked = await uiMessageOf(await readValidChunks(toUIMessageStream(first)));
    const answered = answer(asked, false, 'keep it');
    const second = agent.run(model, fromUIMessages([question, answered]));
    const resumed = await readValidChunks(toUIMessageStream(second, { originalMessages: [question, answered] }));
    expect(resumed).toContainEqual({ type: 'tool-output-denied', toolCallId: 'call_d' });
    const final = await uiMessageOf(resumed, answered);
    expect(final.parts.find((part) => part.type === 'tool-delete_file')).toMatchObject({ state: 'output-denied' });
    expect(runs).toEqual([]);
    expect(model.requests[1]?.messages.flatMap((message) => message.parts)).toContainEqual(expect.objectContaining({ type: 'tool-result', toolCallId: 'call_d', status: 'error', result: 'The user denied this tool call: keep it' }));
    // The denied part sent back again later is history: the denial result, not a new answer.
    const later = fromUIMessages([question, final]);
    expect(later.flatMap((message) => message.parts).filter((part) => part.type === 'tool-approval-response')).toEqual([]);
  });

});
