import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent, type FunctionTool, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { TextAggregator } from './index.js';

const draftReply: FunctionTool<{ topic: string }> = {
  kind: 'function',
  name: 'draft_reply',
  description: 'Draft a reply.', inputSchema: { type: 'object', properties: { topic: { type: 'string' } } },
  aggregator: TextAggregator,
  async *execute({ topic }) {
    yield 'Checking ';
    yield 'records for ';
    yield topic;
  },
};

describe('TextAggregator', () => {
  it('streams a text tool: three partials with seq 0,1,2, then the concatenation as result and model input', async () => {
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'draft_reply', input: { topic: 'Oslo' }, id: 'call_draft' }]), textResponse('Drafted.')],
    });
    const run = new Agent({ tools: [draftReply] }).run(model, [userMessage('Draft a reply about Oslo.')]);
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    const result = await run.result;

    const partials = events.filter((e) => e.type === 'partial-tool-call-result');
    expect(partials.map((e) => [e.toolCallId, e.toolName, e.seq, e.value])).toEqual([
      ['call_draft', 'draft_reply', 0, 'Checking '],
      ['call_draft', 'draft_reply', 1, 'records for '],
      ['call_draft', 'draft_reply', 2, 'Oslo'],
    ]);
    const final = events.find((e) => e.type === 'tool-call-result');
    expect(final?.type === 'tool-call-result' && final.results[0]).toMatchObject({
      toolCallId: 'call_draft',
      status: 'success',
      result: 'Checking records for Oslo',
      modelInput: { type: 'text', value: 'Checking records for Oslo' },
    });
    expect(events.indexOf(partials[2]!)).toBeLessThan(events.indexOf(final!));
    expect(model.requests[1]?.messages.at(-1)?.parts).toEqual([
      expect.objectContaining({ type: 'tool-result', toolCallId: 'call_draft', modelInput: { type: 'text', value: 'Checking records for Oslo' } }),
    ]);
    expect(result.text).toBe('Drafted.');
  });

  it('folds strings and rejects other values with a TypeError that says what to do', () => {
    const aggregator = new TextAggregator();
    expect(aggregator.snapshot()).toBe('');
    aggregator.feed('a');
    aggregator.feed('b');
    expect(aggregator.snapshot()).toBe('ab');
    expect(TextAggregator.toModelInput('ab')).toBe('ab');
    expect(() => aggregator.feed(42 as unknown as string)).toThrow(/must yield strings.*StatusAggregator/);
    expect(aggregator.snapshot()).toBe('ab');
  });
});
