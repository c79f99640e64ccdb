import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent } from '../agent/agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, deferred, fnTool, ofType } from '../__fixtures__/fixtures.js';
import type { ToolContext } from '../tool-definition/tool-context.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('abandoned attempts', () => {
  it('a timed-out tool that ignores its signal cannot emit progress after its result', async () => {
    vi.useFakeTimers();
    let abandoned: ToolContext | undefined;
    const hang = fnTool(
      'hang',
      (_input, ctx) => {
        abandoned = ctx;
        return new Promise(() => undefined);
      },
      { config: { timeoutMs: 100 } },
    );
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([{ name: 'hang', id: 'H' }]),
        () => {
          abandoned?.progress('late');
          abandoned?.emit({ type: 'step-start', runId: 'nested', step: 1 });
          return textResponse('ok');
        },
      ],
    });
    const run = new Agent({ tools: [hang] }).run(model, 'go');
    const eventsPromise = collect(run);
    await vi.advanceTimersByTimeAsync(100);
    const events = await eventsPromise;
    const resultAt = events.findIndex((event) => event.type === 'tool-call-result');
    expect(resultAt).toBeGreaterThan(-1);
    expect(events.slice(resultAt + 1).filter((event) => event.type === 'partial-tool-call-result' || event.runId === 'nested')).toEqual([]);
  });

  it('progress of an attempt abandoned by its timeout does not interleave with the retry', async () => {
    vi.useFakeTimers();
    const contexts: ToolContext[] = [];
    const gate = deferred<string>();
    const tool = fnTool(
      'flaky',
      (_input, ctx) => {
        contexts.push(ctx);
        if (ctx.attempt === 1) return new Promise(() => undefined);
        ctx.progress('second');
        contexts[0]?.progress('zombie');
        return gate.promise;
      },
      { config: { timeoutMs: 100, retry: { maxAttempts: 2, initialDelayMs: 10 } } },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'flaky' }]), textResponse('ok')] });
    const run = new Agent({ tools: [tool] }).run(model, 'go');
    const eventsPromise = collect(run);
    await vi.advanceTimersByTimeAsync(110);
    gate.resolve('done');
    const events = await eventsPromise;
    expect(ofType(events, 'partial-tool-call-result').map((event) => [event.seq, event.value])).toEqual([[0, 'second']]);
    expect(ofType(events, 'tool-call-result')[0]?.results[0]).toMatchObject({ status: 'success', result: 'done' });
  });
});

