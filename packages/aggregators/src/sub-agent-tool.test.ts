import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Agent,
  type AgentEvent,
  type FunctionTool,
  type Message,
  type ToolResult,
  messageText,
  userMessage,
} from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { subAgentTool, type SubAgentBundle, type SubAgentItem } from './index.js';

function fixedTool(name: string, output: string): FunctionTool {
  return { kind: 'function', name, description: `The ${name} tool.`, inputSchema: { type: 'object' }, execute: () => output };
}

function resultOf(events: readonly AgentEvent[], toolCallId: string): ToolResult | undefined {
  for (const event of events) {
    if (event.type !== 'tool-call-result') continue;
    const found = event.results.find((r) => r.toolCallId === toolCallId);
    if (found !== undefined) return found;
  }
  return undefined;
}

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

function setup() {
  const nestedModel = new ScriptedModel({
    responses: [
      toolCallResponse([{ name: 'lookup', input: {}, id: 'nested_lookup' }], { text: 'Let me look.' }),
      textResponse('There are 3 invoices.', { chunkSize: 5 }),
    ],
  });
  const researcher = new Agent({ tools: [fixedTool('lookup', 'ledger: 3 open invoices')] });
  const research = subAgentTool(researcher, nestedModel, { name: 'research', description: 'Research a question.' });
  const outerModel = new ScriptedModel({
    responses: [
      toolCallResponse([{ name: 'research', input: { prompt: 'How many invoices are open?' }, id: 'call_research' }]),
      textResponse('Three.'),
    ],
  });
  return { nestedModel, outerModel, lead: new Agent({ tools: [research] }) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('subAgentTool', () => {
  it('runs a nested agent: the outer model sees only its final text, the stored result holds the bundle', async () => {
    const { nestedModel, outerModel, lead } = setup();
    const run = lead.run(outerModel, [userMessage('Count the open invoices.')]);
    const events = await collect(run);
    const result = await run.result;

    // The prompt became the nested run's user message.
    expect(nestedModel.requests[0]?.messages).toEqual([userMessage('How many invoices are open?')]);
    expect(nestedModel.requests).toHaveLength(2);

    // The outer model sees only the nested final text.
    const toolMessage = outerModel.requests[1]?.messages.at(-1);
    expect(toolMessage?.role).toBe('tool');
    expect(toolMessage?.parts).toEqual([
      expect.objectContaining({ type: 'tool-result', toolCallId: 'call_research', modelInput: { type: 'text', value: 'There are 3 invoices.' } }),
    ]);
    const outerRequestText = JSON.stringify(outerModel.requests[1]?.messages.map((m) => m.parts.map((p) => ('modelInput' in p ? p.modelInput : p))));
    expect(outerRequestText).not.toContain('ledger: 3 open invoices');
    expect(outerRequestText).not.toContain('Let me look.');

    // The stored result is the nested run's message bundle.
    const stored = resultOf(events, 'call_research');
    expect(stored?.status).toBe('success');
    const bundle = stored?.result as SubAgentBundle;
    expect(bundle).toMatchObject({ complete: true, stopReason: 'endTurn', text: 'There are 3 invoices.', usage: { inputTokens: 20, outputTokens: 10 } });
    expect(bundle.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
    expect(bundle.messages[1]?.parts[0]).toMatchObject({ type: 'tool-result', toolCallId: 'nested_lookup', result: 'ledger: 3 open invoices' });
    expect(messageText(bundle.messages[2])).toBe('There are 3 invoices.');
    const recorded = result.messages.find((m: Message) => m.role === 'tool')?.parts[0];
    expect(recorded?.type === 'tool-result' && recorded.result).toEqual(bundle);
    expect(result.text).toBe('Three.');
  });

  it('re-emits every nested event with parentToolCallId, and keeps partials to milestones', async () => {
    const { lead, outerModel } = setup();
    const run = lead.run(outerModel, [userMessage('Count the open invoices.')]);
    const events = await collect(run);

    const nested = events.filter((e) => e.parentToolCallId === 'call_research');
    const own = events.filter((e) => e.parentToolCallId === undefined);
    expect(new Set(nested.map((e) => e.runId)).size).toBe(1);
    expect(nested[0]?.runId).not.toBe(run.runId);
    expect(new Set(own.map((e) => e.runId))).toEqual(new Set([run.runId]));
    expect(nested.map((e) => e.type)).toEqual(
      expect.arrayContaining(['step-start', 'text-delta', 'tool-end', 'tool-call-result', 'step-end']),
    );
    const nestedText = nested.flatMap((e) => (e.type === 'text-delta' ? [e.chunk] : [])).join('');
    expect(nestedText).toBe('Let me look.There are 3 invoices.');
    expect(nested.filter((e) => e.type === 'text-delta').length).toBeGreaterThan(2);
    const nestedResult = nested.find((e) => e.type === 'tool-call-result');
    expect(nestedResult?.type === 'tool-call-result' && nestedResult.results[0]?.toolCallId).toBe('nested_lookup');
    // Nested events come before the outer call's own result.
    const outerResultIndex = events.findIndex((e) => e.type === 'tool-call-result' && e.parentToolCallId === undefined);
    expect(events.indexOf(nested.at(-1)!)).toBeLessThan(outerResultIndex);

    const partials = events.filter((e) => e.type === 'partial-tool-call-result' && e.toolCallId === 'call_research');
    expect(partials.map((e) => (e.type === 'partial-tool-call-result' ? e.seq : -1))).toEqual(partials.map((_, i) => i));
    const values = partials.map((e) => (e.type === 'partial-tool-call-result' ? (e.value as SubAgentItem) : undefined));
    expect(values.some((v) => v?.type.endsWith('-delta'))).toBe(false);
    expect(values.map((v) => v?.type)).toEqual(expect.arrayContaining(['step-start', 'tool-end', 'tool-call-result', 'step-end']));
    expect(values.at(-1)?.type).toBe('sub-agent-result');
  });

  it('keeps the deeper parentToolCallId when sub-agents nest two levels', async () => {
    const leafModel = new ScriptedModel({ responses: [textResponse('leaf answer')] });
    const inner = subAgentTool(new Agent(), leafModel, { name: 'inner', description: 'Innermost agent.' });
    const middleModel = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'inner', input: { prompt: 'deepest' }, id: 'call_inner' }]), textResponse('middle answer')],
    });
    const middle = subAgentTool(new Agent({ tools: [inner] }), middleModel, { name: 'middle', description: 'Middle agent.' });
    const outerModel = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'middle', input: { prompt: 'go deep' }, id: 'call_middle' }]), textResponse('outer answer')],
    });
    const run = new Agent({ tools: [middle] }).run(outerModel, [userMessage('Go.')]);
    const events = await collect(run);

    const textBy = (parent: string | undefined) =>
      events.flatMap((e) => (e.type === 'text-delta' && e.parentToolCallId === parent ? [e.chunk] : [])).join('');
    expect(textBy('call_inner')).toBe('leaf answer');
    expect(textBy('call_middle')).toBe('middle answer');
    expect(textBy(undefined)).toBe('outer answer');
    expect(outerModel.requests[1]?.messages.at(-1)?.parts[0]).toMatchObject({ modelInput: { type: 'text', value: 'middle answer' } });
    expect((await run.result).text).toBe('outer answer');
  });

  it('aborts the nested run when the outer run is aborted', async () => {
    let nestedSignal: AbortSignal | undefined;
    let started!: () => void;
    const nestedStarted = new Promise<void>((resolve) => (started = resolve));
    const wait: FunctionTool = {
      kind: 'function',
      name: 'wait',
      description: 'Waits until aborted.', inputSchema: { type: 'object' },
      execute: (_input, ctx) =>
        new Promise((_resolve, reject) => {
          nestedSignal = ctx.signal;
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
          started();
        }),
    };
    const nestedModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'wait', input: {}, id: 'nested_wait' }])] });
    const helper = subAgentTool(new Agent({ tools: [wait] }), nestedModel, { name: 'helper', description: 'Helps.' });
    const outerModel = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'helper', input: { prompt: 'wait' }, id: 'call_helper' }])],
    });
    const controller = new AbortController();
    const run = new Agent({ tools: [helper] }).run(outerModel, [userMessage('Go.')], { signal: controller.signal });
    const eventsPromise = collect(run);
    await nestedStarted;
    expect(nestedSignal?.aborted).toBe(false);
    controller.abort();
    const events = await eventsPromise;
    const result = await run.result;

    expect(nestedSignal?.aborted).toBe(true);
    expect(result.stopReason).toBe('cancelled');
    expect(resultOf(events, 'call_helper')?.status).toBe('cancelled');
    expect(nestedModel.requests).toHaveLength(1);
    expect(outerModel.requests).toHaveLength(1);
  });

  it('times out the nested run with config.timeoutMs (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let nestedSignal: AbortSignal | undefined;
    let started!: () => void;
    const nestedStarted = new Promise<void>((resolve) => (started = resolve));
    const wait: FunctionTool = {
      kind: 'function',
      name: 'wait',
      description: 'Waits until aborted.', inputSchema: { type: 'object' },
      execute: (_input, ctx) =>
        new Promise((_resolve, reject) => {
          nestedSignal = ctx.signal;
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
          started();
        }),
    };
    const nestedModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'wait', input: {}, id: 'nested_wait' }])] });
    const helper = subAgentTool(new Agent({ tools: [wait] }), nestedModel, {
      name: 'helper',
      description: 'Helps.',
      config: { timeoutMs: 1000 },
    });
    expect(helper.config).toEqual({ timeoutMs: 1000 });
    const outerModel = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'helper', input: { prompt: 'wait' }, id: 'call_helper' }]), textResponse('Too slow.')],
    });
    const run = new Agent({ tools: [helper] }).run(outerModel, [userMessage('Go.')]);
    const eventsPromise = collect(run);
    await nestedStarted;
    await vi.advanceTimersByTimeAsync(999);
    expect(nestedSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const events = await eventsPromise;
    expect(nestedSignal?.aborted).toBe(true);
    const toolResult = resultOf(events, 'call_helper');
    expect(toolResult?.status).toBe('error');
    expect(String(toolResult?.result)).toContain('timed out after 1000 ms');
    expect((await run.result).text).toBe('Too slow.');
  });

  it('turns a failing nested model call into an error result the outer model sees', async () => {
    const nestedModel = new ScriptedModel({ responses: [{ error: new Error('nested model unavailable') }] });
    const helper = subAgentTool(new Agent(), nestedModel, { name: 'helper', description: 'Helps.' });
    const outerModel = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'helper', input: { prompt: 'hi' }, id: 'call_helper' }]), textResponse('Could not.')],
    });
    const run = new Agent({ tools: [helper] }).run(outerModel, [userMessage('Go.')]);
    const events = await collect(run);
    const toolResult = resultOf(events, 'call_helper');
    expect(toolResult?.status).toBe('error');
    expect(String(toolResult?.result)).toContain('nested model unavailable');
    expect((await run.result).text).toBe('Could not.');
  });

  it('validates the default { prompt } input before starting a nested run', async () => {
    const nestedModel = new ScriptedModel({ responses: [] });
    const helper = subAgentTool(new Agent(), nestedModel, { name: 'helper', description: 'Helps.' });
    expect(helper.inputSchema).toEqual({
      type: 'object',
      properties: { prompt: expect.objectContaining({ type: 'string' }) },
      required: ['prompt'],
      additionalProperties: false,
    });
    const outerModel = new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'helper', input: {}, id: 'call_missing' },
          { name: 'helper', input: { prompt: 7 }, id: 'call_number' },
          { name: 'helper', input: { prompt: 'ok', extra: true }, id: 'call_extra' },
        ]),
        textResponse('Giving up.'),
      ],
    });
    const run = new Agent({ tools: [helper] }).run(outerModel, [userMessage('Go.')]);
    const events = await collect(run);
    for (const id of ['call_missing', 'call_number', 'call_extra']) expect(resultOf(events, id)?.status).toBe('error');
    expect(String(resultOf(events, 'call_missing')?.result)).toContain('"prompt" must be a non-empty string');
    expect(String(resultOf(events, 'call_extra')?.result)).toContain('"extra"');
    expect(nestedModel.requests).toHaveLength(0);
  });

  it('accepts a custom input: inputSchema, validate and toMessages', async () => {
    const nestedModel = new ScriptedModel({ responses: [textResponse('Ticket 42 is about billing.')] });
    const params = { type: 'object', properties: { ticket: { type: 'integer' } }, required: ['ticket'] };
    const summarize = subAgentTool(new Agent(), nestedModel, {
      name: 'summarize_ticket',
      description: 'Summarizes a ticket.',
      input: {
        inputSchema: params,
        validate: (value: unknown) =>
          typeof (value as { ticket?: unknown }).ticket === 'number'
            ? { success: true, value: value as { ticket: number } }
            : { success: false, error: 'ticket must be a number' },
        toMessages: ({ ticket }) => [userMessage(`Summarize ticket #${String(ticket)}.`)],
      },
    });
    expect(summarize.inputSchema).toBe(params);
    const outerModel = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'summarize_ticket', input: { ticket: 42 }, id: 'call_t' }]), textResponse('Done.')],
    });
    const run = new Agent({ tools: [summarize] }).run(outerModel, [userMessage('Go.')]);
    const events = await collect(run);
    expect(nestedModel.requests[0]?.messages).toEqual([userMessage('Summarize ticket #42.')]);
    expect(resultOf(events, 'call_t')?.modelInput).toEqual({ type: 'text', value: 'Ticket 42 is about billing.' });
  });

  it('sends the arguments as JSON when a custom input has no toMessages', async () => {
    const nestedModel = new ScriptedModel({ responses: [textResponse('ok')] });
    const tool = subAgentTool(new Agent(), nestedModel, {
      name: 'raw',
      description: 'Raw.',
      input: { params: { type: 'object', properties: { q: { type: 'string' } } } },
    });
    const outerModel = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'raw', input: { q: 'x' }, id: 'call_raw' }]), textResponse('Done.')],
    });
    await new Agent({ tools: [tool] }).run(outerModel, [userMessage('Go.')]).result;
    expect(nestedModel.requests[0]?.messages).toEqual([userMessage('{"q":"x"}')]);
  });

  it('rejects a bad name or an empty description at construction', () => {
    const model = new ScriptedModel({ responses: [] });
    expect(() => subAgentTool(new Agent(), model, { name: 'has space', description: 'x' })).toThrow(TypeError);
    expect(() => subAgentTool(new Agent(), model, { name: 'ok', description: ' ' })).toThrow(TypeError);
  });
});
