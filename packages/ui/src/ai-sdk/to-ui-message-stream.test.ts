import { Agent, userMessage, type AgentEvent, type AgentRun } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { readValidChunks, uiMessageOf } from '../__fixtures__/ui-chunks.js';
import { browserLocation, deleteTool, gate, researchTool, weatherTool } from '../__fixtures__/tools.js';
import { toUIMessageStream } from './to-ui-message-stream.js';
import type { UIMessageChunk } from './ui-message-chunk.js';

type ToolPart = { type: string; state: string; toolCallId: string; output?: unknown; errorText?: string; preliminary?: boolean };

function toolParts(message: { parts: readonly { type: string }[] }): ToolPart[] {
  return message.parts.filter((part) => part.type.startsWith('tool-')) as ToolPart[];
}

describe('toUIMessageStream', () => {
  it('streams a run with two concurrent tools, one streaming partial results, as one assistant message', async () => {
    const release = gate();
    const model = new ScriptedModel({
      responses: [
        toolCallResponse(
          [
            { id: 'call_w', name: 'weather', input: { city: 'Oslo' }, chunkSize: 4 },
            { id: 'call_r', name: 'research', input: { city: 'Oslo' } },
          ],
          { text: 'Looking.' },
        ),
        textResponse('Sunny, and researched.'),
      ],
    });
    const agent = new Agent({ tools: [weatherTool(), researchTool(release.promise)] });
    const run = agent.run(model, [userMessage('Weather and research for Oslo')]);
    const seen: UIMessageChunk[] = [];
    const stream = toUIMessageStream(run, { messageId: 'msg_1' }).pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform(chunk, controller) {
          seen.push(chunk);
          // The weather result is out while research still runs: release research only then.
          if (chunk.type === 'tool-output-available' && chunk.toolCallId === 'call_w') release.open();
          controller.enqueue(chunk);
        },
      }),
    );
    const chunks = await readValidChunks(stream);

    expect(chunks[0]).toEqual({ type: 'start', messageId: 'msg_1' });
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect(chunks.filter((chunk) => chunk.type === 'start-step')).toHaveLength(2);
    expect(chunks.filter((chunk) => chunk.type === 'finish-step')).toHaveLength(2);
    // Both calls are announced before either result.
    const types = chunks.map((chunk) => ('toolCallId' in chunk ? `${chunk.type}:${chunk.toolCallId}` : chunk.type));
    const lastInput = Math.max(types.indexOf('tool-input-available:call_w'), types.indexOf('tool-input-available:call_r'));
    expect(lastInput).toBeLessThan(types.indexOf('tool-output-available:call_w'));
    expect(chunks.filter((chunk) => chunk.type === 'tool-input-delta' && chunk.toolCallId === 'call_w').map((chunk) => (chunk as { inputTextDelta: string }).inputTextDelta).join('')).toBe('{"city":"Oslo"}');
    // Each yield of the streaming tool is one preliminary output carrying the yielded value; then the final output.
    const research = chunks.filter((chunk) => chunk.type === 'tool-output-available' && chunk.toolCallId === 'call_r');
    expect(research).toEqual([
      { type: 'tool-output-available', toolCallId: 'call_r', output: 'Notes on Oslo. ', preliminary: true },
      { type: 'tool-output-available', toolCallId: 'call_r', output: 'Done.', preliminary: true },
      { type: 'tool-output-available', toolCallId: 'call_r', output: 'Notes on Oslo. Done.' },
    ]);
    expect(seen).toEqual(chunks);

    const message = await uiMessageOf(chunks);
    expect(message.id).toBe('msg_1');
    expect(message.parts.map((part) => part.type)).toEqual(['step-start', 'text', 'tool-weather', 'tool-research', 'step-start', 'text']);
    expect(toolParts(message).map((part) => [part.state, part.output, part.preliminary])).toEqual([
      ['output-available', { city: 'Oslo', sky: 'sunny' }, undefined],
      ['output-available', 'Notes on Oslo. Done.', undefined],
    ]);
    expect(message.parts.at(-1)).toMatchObject({ type: 'text', text: 'Sunny, and researched.', state: 'done' });
  });

  it('leaves a client-side tool call waiting in input-available and finishes with tool-calls', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ id: 'call_loc', name: 'browser_location' }])] });
    const run = new Agent({ tools: [browserLocation] }).run(model, [userMessage('Where am I?')]);
    const chunks = await readValidChunks(toUIMessageStream(run));
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'tool-calls' });
    expect((await run.result).stopReason).toBe('toolUse');
    expect(toolParts(await uiMessageOf(chunks))).toMatchObject([{ type: 'tool-browser_location', state: 'input-available', toolCallId: 'call_loc' }]);
  });

  it('sends a failed call as tool-output-error and a denied one as tool-output-denied', async () => {
    const runs: string[] = [];
    const failing = { ...weatherTool(), execute: () => Promise.reject(new Error('no forecast')) };
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { id: 'call_w', name: 'weather', input: { city: 'Oslo' } },
          { id: 'call_d', name: 'delete_file', input: { path: 'a.txt' } },
        ]),
        textResponse('Nothing done.'),
      ],
    });
    const run = new Agent({ tools: [failing, deleteTool(runs)] }).run(model, [userMessage('Go')]);
    const stream = toUIMessageStream(run).pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform(chunk, controller) {
          controller.enqueue(chunk);
          if (chunk.type === 'tool-approval-request') run.deny(chunk.toolCallId, 'not today');
        },
      }),
    );
    const chunks = await readValidChunks(stream);
    expect(chunks).toContainEqual({ type: 'tool-approval-request', approvalId: 'call_d', toolCallId: 'call_d' });
    expect(chunks).toContainEqual({ type: 'tool-output-error', toolCallId: 'call_w', errorText: 'Error: no forecast' });
    expect(chunks).toContainEqual({ type: 'tool-output-denied', toolCallId: 'call_d' });
    expect(runs).toEqual([]);
    expect(toolParts(await uiMessageOf(chunks)).map((part) => part.state)).toEqual(['output-error', 'output-denied']);
  });

  it('ends with an error chunk (its text masked unless onError says otherwise) when the model call fails', async () => {
    const failing = (): ScriptedModel => new ScriptedModel({ responses: [() => Promise.reject(new Error('upstream 500 with secrets'))] });
    const masked = await readValidChunks(toUIMessageStream(new Agent().run(failing(), 'Hi')));
    expect(masked.at(-1)).toEqual({ type: 'error', errorText: 'An error occurred.' });
    const shown = await readValidChunks(toUIMessageStream(new Agent().run(failing(), 'Hi'), { onError: (error) => (error as Error).message }));
    expect(shown.at(-1)).toEqual({ type: 'error', errorText: 'upstream 500 with secrets' });
  });

  it('cancels the run when the stream is cancelled (the client went away): running tools get their abort', async () => {
    let aborted: Promise<void> | undefined;
    const started = gate();
    const slow = {
      ...weatherTool(),
      execute: (_input: { city: string }, ctx: { signal: AbortSignal }) => {
        aborted = new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
        started.open();
        return aborted.then(() => 'never');
      },
    };
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'weather', input: { city: 'Oslo' } }]), textResponse('unused')] });
    const run: AgentRun = new Agent({ tools: [slow] }).run(model, 'Weather?');
    const reader = toUIMessageStream(run).getReader();
    for (;;) {
      const next = await reader.read();
      if (next.done === true || next.value.type === 'tool-input-available') break;
    }
    await started.promise;
    await reader.cancel();
    await aborted;
    expect((await run.result).stopReason).toBe('cancelled');
    expect(model.requests).toHaveLength(1);
  });

  it('skips a nested run’s events except its approval requests, shown as a dynamic tool', async () => {
    const events: AgentEvent[] = [
      { type: 'step-start', runId: 'r', step: 1 },
      { type: 'tool-end', runId: 'r', step: 1, toolCall: { toolCallId: 'outer', toolName: 'helper', toolArgs: '{}', input: {} } },
      { type: 'text-delta', runId: 'r2', step: 1, blockId: 't', chunk: 'inner text', parentToolCallId: 'outer' },
      { type: 'tool-approval-request', runId: 'r2', step: 1, toolCallId: 'inner', toolName: 'delete_file', input: { path: 'x' }, parentToolCallId: 'outer' },
    ];
    const run = {
      async *[Symbol.asyncIterator]() {
        yield* events;
      },
      result: Promise.resolve({ stopReason: 'endTurn' as const }),
    };
    const chunks = await readValidChunks(toUIMessageStream(run, { messageId: 'm' }));
    expect(chunks.map((chunk) => chunk.type)).toEqual(['start', 'start-step', 'tool-input-available', 'tool-input-available', 'tool-approval-request', 'finish-step', 'finish']);
    expect(chunks[3]).toEqual({ type: 'tool-input-available', toolCallId: 'inner', toolName: 'delete_file', input: { path: 'x' }, dynamic: true });
  });
});
