import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { finishPart, textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, deferred, fnTool, ofType } from '../__fixtures__/fixtures.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';
import type { AggregatorClass } from '../tool-definition/aggregator.js';

/** Ids of tool calls in `messages` that have no tool result. */
function unpairedCalls(messages: readonly Message[]): string[] {
  const results = new Set<string>();
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result') results.add(part.toolCallId);
  return messages.flatMap((message) => message.parts).flatMap((part) => (part.type === 'tool-call' && !results.has(part.toolCallId) ? [part.toolCallId] : []));
}

const schemaOnly = { kind: 'function' as const, name: 'ask_user', description: 'Ask the user.', inputSchema: { type: 'object' } };

class Concat implements InstanceType<AggregatorClass<string, string>> {
  private text = '';
  feed(item: string): void {
    this.text += item;
  }
  snapshot(): string {
    return this.text;
  }
  static toModelInput(snapshot: string): string {
    return snapshot;
  }
}

class Transient extends Error {
  override name = 'Transient';
}

describe('run-loop defects (each failed before the loop was rebuilt)', () => {
  it('1. a streaming tool that yields then throws: retryOn and tool-retry.error see exactly what it threw', async () => {
    let attempts = 0;
    const seen: unknown[] = [];
    const streaming = fnTool(
      'stream_it',
      async function* () {
        attempts++;
        yield 'partial ';
        if (attempts === 1) throw new Transient('flaky');
        yield 'done';
      },
      {
        aggregator: Concat as AggregatorClass,
        config: {
          retry: {
            maxAttempts: 2,
            initialDelayMs: 0,
            retryOn: (error) => {
              seen.push(error);
              return error instanceof Transient;
            },
          },
        },
      },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'stream_it', id: 'S' }]), textResponse('ok')] });
    const run = new Agent({ tools: [streaming] }).run(model, 'go');
    const events = collect(run);
    const result = await run.result;
    expect(attempts).toBe(2);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(Transient);
    const retry = ofType(await events, 'tool-retry')[0];
    expect(retry?.error).toBeInstanceOf(Transient);
    expect(retry?.error).toBe(seen[0]);
    const tool = result.messages.find((message) => message.role === 'tool');
    expect(tool?.parts[0]).toMatchObject({ status: 'success', result: 'partial done' });
  });

  it('1b. when it is not retried, the error result names what the tool threw and the partial output, and exception is the thrown value', async () => {
    const thrown = new Transient('flaky');
    const streaming = fnTool(
      'stream_it',
      async function* () {
        yield 'partial';
        throw thrown;
      },
      { aggregator: Concat as AggregatorClass },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'stream_it', id: 'S' }]), textResponse('ok')] });
    const run = new Agent({ tools: [streaming] }).run(model, 'go');
    const events = collect(run);
    await run.result;
    const result = ofType(await events, 'tool-call-result')[0];
    expect(result?.exception).toBe(thrown);
    expect(result?.results[0]?.result).toBe('Transient: flaky (partial result before the error: "partial")');
  });

  it('2. a cancel() landing while an async messageAdded hook persists the tool message leaves no call unpaired', async () => {
    for (const persisted of ['assistant', 'tool'] as const) {
      const gate = deferred();
      const work = fnTool('work', () => 'worked');
      const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'work', id: 'W' }, { name: 'ask_user', id: 'Q' }])] });
      const agent = new Agent({
        tools: [work, schemaOnly],
        hooks: {
          async messageAdded({ message }) {
            if (message.role !== persisted) return;
            agent.cancel();
            await gate.promise;
          },
        },
      });
      const run = agent.run(model, 'go');
      gate.resolve();
      const result = await run.result;
      const expected = result.stopReason === 'toolUse' ? ['Q'] : [];
      expect({ persisted, unpaired: unpairedCalls(result.messages) }).toEqual({ persisted, unpaired: expected });
      if (persisted === 'assistant') expect(result.stopReason).toBe('cancelled');
    }
  });

  it('3. a stop call and a call pending for the caller in one group: endTurn with the stop text, the pending call cancelled', async () => {
    const stopTool = fnTool('stop', (_input, ctx) => {
      ctx.agent.cancel({ afterCurrentTools: true, message: 'Goodbye.' });
      return 'Goodbye.';
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'stop', id: 'S' }, { name: 'ask_user', id: 'Q' }]), textResponse('again')] });
    const agent = new Agent({ tools: [stopTool, schemaOnly] });
    const result = await agent.run(model, 'go').result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Goodbye.');
    expect(unpairedCalls(result.messages)).toEqual([]);
    const tool = result.messages.find((message) => message.role === 'tool');
    expect(tool?.parts.map((part) => (part.type === 'tool-result' ? [part.toolCallId, part.status] : []))).toEqual([
      ['S', 'success'],
      ['Q', 'cancelled'],
    ]);
    expect(model.requests).toHaveLength(1);
    // Resuming the conversation is a new question, not a continuation of a pending call.
    const resumed = await agent.run(model, [...result.messages, { role: 'user', parts: [{ type: 'text', text: 'hi' }] }]).result;
    expect(resumed.text).toBe('again');
  });

  it('4. a model stream that fails mid-response emits no tool-call-result for calls that never ran', async () => {
    let executed = 0;
    const work = fnTool('work', () => {
      executed++;
      return 'worked';
    });
    const failure = new Error('connection reset');
    const parts: ModelStreamPart[] = [
      { type: 'tool-start', toolCallId: 'W', toolName: 'work' },
      { type: 'tool-end', toolCallId: 'W', toolName: 'work', toolArgs: '{}' },
    ];
    const model = new ScriptedModel({
      responses: [
        (async function* () {
          yield* parts;
          throw failure;
        })(),
      ],
    });
    const run = new Agent({ tools: [work] }).run(model, 'go');
    const events: string[] = [];
    await expect(
      (async () => {
        for await (const event of run) events.push(event.type);
      })(),
    ).rejects.toBe(failure);
    await expect(run.result).rejects.toBe(failure);
    expect(executed).toBe(0);
    expect(events).not.toContain('tool-call-result');
    expect(events).toContain('tool-end');
  });

  it('5. a cancel from beforeModelCall ends the run without calling the provider', async () => {
    const model = new ScriptedModel({ responses: [textResponse('never')] });
    const agent = new Agent({
      hooks: {
        beforeModelCall() {
          agent.cancel({ message: 'Cancelled before asking.' });
        },
      },
    });
    const run = agent.run(model, 'go');
    const events = collect(run);
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(model.requests).toHaveLength(0);
    expect((await events).map((event) => event.type)).not.toContain('stream-start');
    expect(result.text).toBe('Cancelled before asking.');
  });

  it('5b. a deferred cancel from beforeModelCall ends the run with endTurn, also without calling the provider', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'work' }]), textResponse('never')] });
    const work = fnTool('work', () => 'worked');
    let calls = 0;
    const agent = new Agent({
      tools: [work],
      hooks: {
        beforeModelCall() {
          calls++;
          if (calls === 2) agent.cancel({ afterCurrentTools: true });
        },
      },
    });
    const result = await agent.run(model, 'go').result;
    expect(result.stopReason).toBe('endTurn');
    expect(model.requests).toHaveLength(1);
  });
});

describe('run-loop contract details', () => {
  it('an immediate cancel({ message }) while a tool runs appends the message as the final assistant message', async () => {
    const started = deferred();
    const slow = fnTool('slow', (_input, ctx) => {
      started.resolve();
      return new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'slow', id: 'S' }])] });
    const agent = new Agent({ tools: [slow] });
    const run = agent.run(model, 'go');
    await started.promise;
    agent.cancel({ message: 'Stopped by the user.' });
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'Stopped by the user.' }] });
    expect(result.text).toBe('Stopped by the user.');
  });

  it('beforeModelCall edits reach the provider', async () => {
    const model = new ScriptedModel({ responses: [textResponse('ok')] });
    const agent = new Agent({
      system: 'original',
      hooks: {
        beforeModelCall(event) {
          event.request = { ...event.request, system: 'edited', temperature: 0.25, messages: [...event.request.messages, { role: 'user', parts: [{ type: 'text', text: 'extra' }] }] };
        },
      },
    });
    await agent.run(model, 'go').result;
    expect(model.requests[0]?.system).toBe('edited');
    expect(model.requests[0]?.temperature).toBe(0.25);
    expect(model.requests[0]?.messages.map((message) => message.parts[0]?.type === 'text' && message.parts[0].text)).toEqual(['go', 'extra']);
  });

  it('requestState is shared by the calls of one group and fresh for each group', async () => {
    const states: Record<string, unknown>[] = [];
    const note = fnTool('note', (_input, ctx) => {
      states.push(ctx.requestState);
      ctx.requestState['count'] = ((ctx.requestState['count'] as number | undefined) ?? 0) + 1;
      return 'noted';
    });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'note', id: 'A' }, { name: 'note', id: 'B' }]), toolCallResponse([{ name: 'note', id: 'C' }]), textResponse('ok')],
    });
    await new Agent({ tools: [note] }).run(model, 'go').result;
    expect(states).toHaveLength(3);
    expect(states[0]).toBe(states[1]);
    expect(states[2]).not.toBe(states[0]);
    expect(states[0]).toEqual({ count: 2 });
    expect(states[2]).toEqual({ count: 1 });
  });

  it('invocationState reaches every tool of a run, across groups', async () => {
    const invocationState = { userId: 'u-42' };
    const seen: unknown[] = [];
    const who = fnTool('who', (_input, ctx) => {
      seen.push(ctx.invocationState);
      return String(ctx.invocationState['userId']);
    });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'who', id: 'A' }, { name: 'who', id: 'B' }]), toolCallResponse([{ name: 'who', id: 'C' }]), textResponse('ok')],
    });
    await new Agent({ tools: [who] }).run(model, 'go', { invocationState }).result;
    expect(seen).toEqual([invocationState, invocationState, invocationState]);
    expect(seen[2]).toBe(invocationState);
  });

  it('a deferred cancel during a text-only response ends the run after it, with the cancel message last', async () => {
    const agent = new Agent();
    const model = new ScriptedModel({
      responses: [
        (async function* (): AsyncGenerator<ModelStreamPart> {
          yield { type: 'text-start', blockId: 't' };
          yield { type: 'text-delta', blockId: 't', chunk: 'Here is ' };
          agent.cancel({ afterCurrentTools: true, message: 'That is all for now.' });
          yield { type: 'text-delta', blockId: 't', chunk: 'the answer.' };
          yield { type: 'text-end', blockId: 't' };
          yield finishPart('stop');
        })(),
        textResponse('never'),
      ],
    });
    const result = await agent.run(model, 'go').result;
    expect(result.stopReason).toBe('endTurn');
    expect(model.requests).toHaveLength(1);
    expect(result.messages.slice(-2).map((message) => message.parts[0]?.type === 'text' && message.parts[0].text)).toEqual(['Here is the answer.', 'That is all for now.']);
  });
});
