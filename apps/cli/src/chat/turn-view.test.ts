import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '@tandem/core';
import { callTiming } from './call-timing.js';
import { approvalAnswered, cancelOpenCalls, EMPTY_TURN, MAX_PARTIALS, reduceTurn, settleBlocks, type TurnView } from './turn-view.js';

const base = { runId: 'run_1', step: 1 } as const;

function fold(events: readonly AgentEvent[], start = EMPTY_TURN): TurnView {
  let turn = start;
  let clock = 0;
  for (const event of events) turn = reduceTurn(turn, event, (clock += 100));
  return turn;
}

const result = (toolCallId: string, toolName: string, status: 'success' | 'error' | 'cancelled', value: unknown): AgentEvent => {
  const one = { toolCallId, toolName, status, isError: status !== 'success', result: value, modelInput: { type: 'text' as const, value: String(value) } };
  return { ...base, type: 'tool-call-result', result: one, results: [one] };
};

describe('approval time apart from run time', () => {
  const asked = (id: string): AgentEvent[] => [
    { ...base, type: 'tool-end', toolCall: { toolCallId: id, toolName: 'run_command', toolArgs: '{}' } },
    { ...base, type: 'stream-end', finishReason: 'tool-calls', usage: { inputTokens: 0, outputTokens: 0 } } as AgentEvent,
    { ...base, type: 'tool-approval-request', toolCallId: id, toolName: 'run_command', input: {} },
  ];

  it('an approved call: waited from the question to the answer, ran from the answer to its result', () => {
    let turn = EMPTY_TURN;
    for (const event of asked('a')) turn = reduceTurn(turn, event, 1000);
    expect(callTiming(turn.calls['a'] as never, 3000)).toBe('waiting for approval 2.0 s');
    turn = approvalAnswered(turn, 'a', true, 6000);
    expect(turn.calls['a']).toMatchObject({ status: 'running', startedAt: 6000, approvalWaitMs: 5000 });
    turn = reduceTurn(turn, result('a', 'run_command', 'success', 'ok'), 6012);
    expect(callTiming(turn.calls['a'] as never, 9999)).toBe('waited 5.0 s for approval · ran 12 ms');
  });

  it('a denied call only waited; a call never asked shows its run time alone', () => {
    let turn = EMPTY_TURN;
    for (const event of asked('a')) turn = reduceTurn(turn, event, 1000);
    turn = approvalAnswered(turn, 'a', false, 2500);
    turn = reduceTurn(turn, result('a', 'run_command', 'error', 'denied'), 2500);
    expect(callTiming(turn.calls['a'] as never, 9999)).toBe('waited 1.5 s for approval');
    const plain = fold([{ ...base, type: 'tool-end', toolCall: { toolCallId: 'b', toolName: 'x', toolArgs: '{}' } }, result('b', 'x', 'success', 1)]);
    expect(callTiming(plain.calls['b'] as never, 9999)).toBe('0 ms');
  });

  it('a call cancelled while it waits: the wait up to the cancel', () => {
    let turn = EMPTY_TURN;
    for (const event of asked('a')) turn = reduceTurn(turn, event, 1000);
    turn = cancelOpenCalls(turn, 4000);
    expect(turn.calls['a']).toMatchObject({ status: 'cancelled', approvalWaitMs: 3000 });
  });
});

describe('reduceTurn', () => {
  it('keeps text, reasoning and tool groups in the order they happened', () => {
    const turn = fold([
      { ...base, type: 'reasoning-delta', blockId: 'r', chunk: 'Think' },
      { ...base, type: 'reasoning-delta', blockId: 'r', chunk: 'ing.' },
      { ...base, type: 'text-delta', blockId: 't', chunk: 'Calling' },
      { ...base, type: 'tool-start', toolCallId: 'a', toolName: 'weather' },
      { ...base, type: 'tool-delta', toolCallId: 'a', chunk: '{"city":' },
      { ...base, type: 'tool-delta', toolCallId: 'a', chunk: '"Oslo"}' },
      { ...base, type: 'tool-end', toolCall: { toolCallId: 'b', toolName: 'flights', toolArgs: '{}' } },
      { ...base, step: 2, type: 'text-delta', blockId: 't', chunk: 'Done.' },
    ]);
    expect(turn.blocks).toEqual([
      { kind: 'reasoning', step: 1, text: 'Thinking.' },
      { kind: 'text', step: 1, text: 'Calling' },
      { kind: 'tools', step: 1, callIds: ['a', 'b'] },
      { kind: 'text', step: 2, text: 'Done.' },
    ]);
    expect(turn.calls['a']).toMatchObject({ toolName: 'weather', args: '{"city":"Oslo"}', status: 'preparing' });
    expect(turn.calls['b']).toMatchObject({ toolName: 'flights', args: '{}', status: 'queued' });
  });

  it('times a call from the end of its response to its result, and keeps the latest partial results', () => {
    const turn = fold([
      { ...base, type: 'tool-end', toolCall: { toolCallId: 'a', toolName: 'research', toolArgs: '{}' } }, // t=100
      { ...base, type: 'stream-end', finishReason: 'tool-calls', usage: { inputTokens: 1, outputTokens: 1 } }, // t=200: starts
      ...[1, 2, 3, 4].map((n): AgentEvent => ({ ...base, type: 'partial-tool-call-result', toolCallId: 'a', toolName: 'research', value: `step ${String(n)}`, seq: n - 1 })),
      result('a', 'research', 'success', 'all done'), // t=700
    ]);
    expect(turn.calls['a']).toMatchObject({ status: 'done', startedAt: 200, endedAt: 700, result: 'all done', partialCount: 4 });
    expect(turn.calls['a']?.partials.map((partial) => partial.value)).toEqual(['step 2', 'step 3', 'step 4']);
    expect(turn.calls['a']?.partials).toHaveLength(MAX_PARTIALS);
  });

  it('shows a failed call with what it threw, and cancels what is still open', () => {
    const error = new Error('no route');
    let turn = fold([
      { ...base, type: 'tool-end', toolCall: { toolCallId: 'a', toolName: 'flights', toolArgs: '{}' } },
      { ...base, type: 'tool-end', toolCall: { toolCallId: 'b', toolName: 'slow', toolArgs: '{}' } },
      { ...base, type: 'stream-end', finishReason: 'tool-calls', usage: { inputTokens: 1, outputTokens: 1 } },
      { ...result('a', 'flights', 'error', 'flights: no route'), exception: error } as AgentEvent,
    ]);
    expect(turn.calls['a']).toMatchObject({ status: 'error', result: error });
    turn = cancelOpenCalls(turn, 1000);
    expect(turn.calls['b']).toMatchObject({ status: 'cancelled', endedAt: 1000 });
    expect(turn.calls['a']?.status).toBe('error');
  });

  it('leaves out the events of nested agents', () => {
    expect(fold([{ ...base, parentToolCallId: 'outer', type: 'text-delta', blockId: 't', chunk: 'inner' }])).toEqual(EMPTY_TURN);
  });
});

describe('settleBlocks', () => {
  it('settles every block before the last, except a tool group with a call still running', () => {
    const turn = fold([
      { ...base, type: 'text-delta', blockId: 't', chunk: 'Calling' },
      { ...base, type: 'tool-end', toolCall: { toolCallId: 'a', toolName: 'slow', toolArgs: '{}' } },
    ]);
    expect(settleBlocks(turn).settled.map((block) => block.kind)).toEqual(['text']);
    const done = fold([result('a', 'slow', 'success', 'ok'), { ...base, step: 2, type: 'text-delta', blockId: 't', chunk: 'So' }], turn);
    const { settled, live } = settleBlocks(done);
    expect(settled.map((block) => block.kind)).toEqual(['text', 'tools']);
    expect(live.blocks).toEqual([{ kind: 'text', step: 2, text: 'So' }]);
  });
});
