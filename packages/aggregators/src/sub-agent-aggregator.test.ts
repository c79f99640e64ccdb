import { describe, expect, it } from 'vitest';
import { assistantMessage } from '@tandem/core';
import { SubAgentAggregator } from './index.js';

const base = { runId: 'run_nested', step: 1 } as const;

describe('SubAgentAggregator', () => {
  it('is incomplete until the result item, tracking the current step text and finished-step usage', () => {
    const aggregator = new SubAgentAggregator();
    aggregator.feed({ ...base, type: 'step-start' });
    aggregator.feed({ ...base, type: 'text-delta', blockId: 't', chunk: 'Look' });
    aggregator.feed({ ...base, type: 'text-delta', blockId: 't', chunk: 'ing…' });
    aggregator.feed({ ...base, type: 'text-delta', blockId: 't', chunk: ' (deeper)', parentToolCallId: 'call_deep' });
    aggregator.feed({ ...base, type: 'step-end', finishReason: 'tool-calls', usage: { inputTokens: 7, outputTokens: 3 } });
    expect(aggregator.snapshot()).toEqual({
      runId: 'run_nested',
      messages: [],
      text: 'Looking…',
      stopReason: undefined,
      usage: { inputTokens: 7, outputTokens: 3 },
      complete: false,
    });
    aggregator.feed({ ...base, step: 2, type: 'step-start' });
    expect(aggregator.snapshot().text).toBe('');
  });

  it('takes the result item as the final bundle', () => {
    const aggregator = new SubAgentAggregator();
    const messages = [assistantMessage('Done.')];
    aggregator.feed({ ...base, type: 'step-start' });
    aggregator.feed({
      type: 'sub-agent-result',
      runId: 'run_nested',
      messages,
      text: 'Done.',
      stopReason: 'endTurn',
      usage: { inputTokens: 1, outputTokens: 2 },
    });
    const bundle = aggregator.snapshot();
    expect(bundle).toEqual({ runId: 'run_nested', messages, text: 'Done.', stopReason: 'endTurn', usage: { inputTokens: 1, outputTokens: 2 }, complete: true });
    expect(SubAgentAggregator.toModelInput(bundle)).toBe('Done.');
  });

  it('never sends the model an empty result', () => {
    const usage = { inputTokens: 0, outputTokens: 0 };
    expect(
      SubAgentAggregator.toModelInput({ runId: 'r', messages: [], text: '', stopReason: 'maxSteps', usage, complete: true }),
    ).toBe('The sub-agent ended without a text answer (stop reason: maxSteps).');
    expect(new SubAgentAggregator().snapshot().complete).toBe(false);
    expect(SubAgentAggregator.toModelInput(new SubAgentAggregator().snapshot())).toBe('The sub-agent did not finish.');
  });
});
