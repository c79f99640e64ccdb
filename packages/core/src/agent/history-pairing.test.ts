import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { toolCallResponse } from '../testing/responses.js';
import { collect, deferred, fnTool, ofType } from '../__fixtures__/fixtures.js';
import type { Message } from '../spec/message/v1/message.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Ids of tool calls in `messages` that have no tool result. */
function unpairedCalls(messages: readonly Message[]): string[] {
  const results = new Set<string>();
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result') results.add(part.toolCallId);
  const unpaired: string[] = [];
  for (const message of messages) {
    for (const part of message.parts) if (part.type === 'tool-call' && !results.has(part.toolCallId)) unpaired.push(part.toolCallId);
  }
  return unpaired;
}

const schemaOnly = { kind: 'function' as const, name: 'ask_user', description: 'Ask.', inputSchema: { type: 'object' } };

describe('every tool call gets exactly one result', () => {
  it('an immediate cancel during a group that also holds a schema-only call pairs that call too', async () => {
    const started = deferred();
    const slow = fnTool('slow', () => {
      started.resolve();
      return new Promise(() => undefined);
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'slow', id: 'S' }, { name: 'ask_user', id: 'Q' }])] });
    const agent = new Agent({ tools: [slow, schemaOnly] });
    const run = agent.run(model, 'go');
    const events = collect(run);
    await started.promise;
    agent.cancel();
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(unpairedCalls(result.messages)).toEqual([]);
    const tool = result.messages.at(-1);
    expect(tool?.parts.map((part) => (part.type === 'tool-result' ? [part.toolCallId, part.status] : part.type))).toEqual([
      ['S', 'cancelled'],
      ['Q', 'cancelled'],
    ]);
    const ids = ofType(await events, 'tool-call-result').map((event) => event.results[0]?.toolCallId);
    expect(ids.sort()).toEqual(['Q', 'S']);
  });

  it('a throwing afterModelCall hook aborts eagerly started tools and leaves history paired', async () => {
    let signal: AbortSignal | undefined;
    const started = deferred();
    const hang = fnTool('hang', (_input, ctx) => {
      signal = ctx.signal;
      started.resolve();
      return new Promise(() => undefined);
    });
    const failure = new Error('hook failed');
    const agent = new Agent({
      tools: [hang],
      toolExecution: { start: 'eager' },
      hooks: {
        async afterModelCall() {
          await started.promise;
          throw failure;
        },
      },
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'hang', id: 'H' }])] });
    const run = agent.run(model, 'go');
    await expect(run.result).rejects.toBe(failure);
    expect(signal?.aborted).toBe(true);
    expect(unpairedCalls(agent.messages)).toEqual([]);
  });

  it('a throwing messageAdded hook on the assistant message leaves no call unpaired and no tool running', async () => {
    const execute = vi.fn(() => 'ran');
    const failure = new Error('listener failed');
    const agent = new Agent({
      tools: [fnTool('t', execute)],
      hooks: {
        messageAdded(event) {
          if (event.message.role === 'assistant') throw failure;
        },
      },
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 't', id: 'T' }])] });
    const run = agent.run(model, 'go');
    await expect(run.result).rejects.toBe(failure);
    expect(execute).not.toHaveBeenCalled();
    expect(unpairedCalls(agent.messages)).toEqual([]);
  });
});

