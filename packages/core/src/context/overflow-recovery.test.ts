import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { slidingWindow } from './sliding-window.js';
import { summarize } from './summarize.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, fnTool, ofType } from '../__fixtures__/fixtures.js';
import type { AgentEvent } from '../events/agent-event.js';
import { toolGroup, wordsMessage } from '../__fixtures__/context-info.js';
import { ContextOverflowError } from '../spec/errors/context-overflow-error.js';
import { APICallError } from '../spec/errors/api-call-error.js';
import type { Message } from '../spec/message/v1/message.js';

function overflow(): ContextOverflowError {
  return new ContextOverflowError({ message: 'prompt is too long: 250000 tokens > 200000 maximum', url: 'https://api.example/v1/messages', statusCode: 400 });
}

function conversation(turns: number): Message[] {
  const messages: Message[] = [wordsMessage('user', 20)];
  for (let i = 0; i < turns; i++) messages.push(...toolGroup([`c${i}`], 'result '.repeat(20)), wordsMessage('user', 20));
  return messages;
}

describe('context overflow recovery', () => {
  it('halves the window and retries the model call exactly once, emitting context-reduced', async () => {
    const model = new ScriptedModel({ responses: [{ error: overflow() }, textResponse('Fits now.')] });
    const run = new Agent({ context: slidingWindow({ maxMessages: 1_000 }) }).run(model, conversation(10));
    const events = await collect(run);
    const result = await run.result;
    expect(result.text).toBe('Fits now.');
    expect(model.requests).toHaveLength(2);
    const [failed, retry] = model.requests.map((request) => request.messages);
    expect(retry?.length).toBeLessThan(failed?.length ?? 0);
    const reduced = ofType(events, 'context-reduced');
    expect(reduced).toHaveLength(1);
    expect(reduced[0]).toMatchObject({ strategy: 'window', step: 1 });
    expect(reduced[0]?.afterTokens).toBeLessThan(reduced[0]?.beforeTokens ?? 0);
    // The retry is still a valid conversation: it keeps the task and every call with its result.
    expect(retry?.[0]).toEqual(failed?.[0]);
    expect(retry?.[1]?.role).not.toBe('tool');
    // History keeps everything.
    expect(result.messages.length).toBe(failed!.length + 1);
  });

  it('ends the run with the error when the retry overflows too (one retry, never two)', async () => {
    const model = new ScriptedModel({ responses: [{ error: overflow() }, { error: overflow() }, textResponse('never')] });
    const run = new Agent({ context: slidingWindow({ maxMessages: 1_000 }) }).run(model, conversation(6));
    const events: AgentEvent[] = [];
    await expect(
      (async () => {
        for await (const event of run) events.push(event);
      })(),
    ).rejects.toSatisfy((error) => ContextOverflowError.isInstance(error));
    await expect(run.result).rejects.toSatisfy((error) => ContextOverflowError.isInstance(error));
    expect(model.requests).toHaveLength(2);
    expect(ofType(events, 'context-reduced')).toHaveLength(1);
  });

  it('without a context manager, run.result rejects with the ContextOverflowError and the call is not retried', async () => {
    const model = new ScriptedModel({ responses: [{ error: overflow() }, textResponse('never')] });
    const run = new Agent().run(model, conversation(3));
    const error: unknown = await run.result.catch((e: unknown) => e);
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as ContextOverflowError).code).toBe('CONTEXT_OVERFLOW');
    expect(model.requests).toHaveLength(1);
  });

  it('does not retry other API errors', async () => {
    const model = new ScriptedModel({ responses: [{ error: new APICallError({ message: 'bad', url: 'u', statusCode: 400 }) }, textResponse('never')] });
    const run = new Agent({ context: slidingWindow({ maxMessages: 1_000 }) }).run(model, conversation(3));
    await expect(run.result).rejects.toThrow('bad');
    expect(model.requests).toHaveLength(1);
  });

  it('with summarize, reduces by summarizing (whatever the estimate) and records the compaction', async () => {
    const model = new ScriptedModel({ responses: [{ error: overflow() }, textResponse('The summary.'), textResponse('Fits now.')] });
    const run = new Agent({ context: summarize({ triggerTokens: 1_000_000, keepRecent: 2 }) }).run(model, conversation(8));
    const events = await collect(run);
    const result = await run.result;
    expect(ofType(events, 'context-reduced')).toMatchObject([{ strategy: 'summarize' }]);
    expect(model.requests).toHaveLength(3);
    const retry = model.requests[2]?.messages ?? [];
    expect(retry.length).toBeLessThan(model.requests[0]?.messages.length ?? 0);
    expect(retry[0]?.parts[0]).toMatchObject({ type: 'text', text: 'Summary of the earlier conversation:\nThe summary.' });
    expect(result.messages.some((m) => m.parts.some((p) => p.type === 'compaction'))).toBe(true);
  });

  it('later calls of the run keep the halved window', async () => {
    const look = fnTool('look', () => 'seen');
    const model = new ScriptedModel({ responses: [{ error: overflow() }, toolCallResponse([{ name: 'look', input: {} }]), textResponse('Done.')] });
    await new Agent({ tools: [look], context: slidingWindow({ maxMessages: 1_000 }) }).run(model, conversation(10)).result;
    expect(model.requests).toHaveLength(3);
    const nonSystem = (messages: readonly Message[]): number => messages.filter((m) => m.role !== 'system').length;
    const cap = Math.floor(nonSystem(model.requests[0]!.messages) / 2);
    expect(nonSystem(model.requests[2]!.messages)).toBeLessThanOrEqual(cap);
  });

  it('gives every message in history an id when the agent has a context manager', async () => {
    const model = new ScriptedModel({ responses: [textResponse('Hi.')] });
    const result = await new Agent({ context: slidingWindow({ maxMessages: 10 }) }).run(model, 'hello').result;
    expect(result.messages.map((m) => typeof m.id)).toEqual(['string', 'string']);
    expect(new Set(result.messages.map((m) => m.id)).size).toBe(2);
  });
});
