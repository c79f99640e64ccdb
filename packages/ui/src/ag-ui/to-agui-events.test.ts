import { EventType, type BaseEvent } from '@ag-ui/core';
import type { AgentEvent } from '@tandem/core';
import { describe, expect, it } from 'vitest';
import { toAGUIEvents } from './to-agui-events.js';

function replay(events: readonly AgentEvent[], stopReason: string, extra: object = {}) {
  return {
    async *[Symbol.asyncIterator]() {
      yield* events;
    },
    result: Promise.resolve({ stopReason, ...extra } as { stopReason: 'endTurn' }),
  };
}

async function read(stream: ReadableStream<BaseEvent>): Promise<BaseEvent[]> {
  const out: BaseEvent[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); next.done !== true; next = await reader.read()) out.push(next.value);
  return out;
}

const at = { runId: 'r', step: 1 } as const;
const researched = { toolCallId: 'c1', toolName: 'research', status: 'success', isError: false, result: 'all', modelInput: { type: 'text', value: 'all' } } as const;

describe('toAGUIEvents', () => {
  it('pairs reasoning, text and tool events, sends unstreamed arguments whole, and partial results as CUSTOM', async () => {
    const events = await read(
      toAGUIEvents(
        replay(
          [
            { ...at, type: 'step-start' },
            { ...at, type: 'reasoning-start', blockId: 'r0' },
            { ...at, type: 'reasoning-delta', blockId: 'r0', chunk: 'Think.' },
            { ...at, type: 'reasoning-end', blockId: 'r0' },
            { ...at, type: 'text-delta', blockId: 't0', chunk: 'Hi' },
            { ...at, type: 'tool-end', toolCall: { toolCallId: 'c1', toolName: 'research', toolArgs: '{"q":1}', input: { q: 1 } } },
            { ...at, type: 'partial-tool-call-result', toolCallId: 'c1', toolName: 'research', value: 'half', seq: 0 },
            { ...at, type: 'tool-call-result', result: researched, results: [researched] },
            { ...at, type: 'step-end', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } },
          ] as AgentEvent[],
          'endTurn',
        ),
        { threadId: 't', runId: 'run_1' },
      ),
    );
    expect(events.map((event) => event.type)).toEqual([
      EventType.RUN_STARTED,
      EventType.STEP_STARTED,
      EventType.REASONING_START,
      EventType.REASONING_MESSAGE_START,
      EventType.REASONING_MESSAGE_CONTENT,
      EventType.REASONING_MESSAGE_END,
      EventType.REASONING_END,
      EventType.TEXT_MESSAGE_START,
      EventType.TEXT_MESSAGE_CONTENT,
      EventType.TOOL_CALL_START,
      EventType.TOOL_CALL_ARGS,
      EventType.TOOL_CALL_END,
      EventType.CUSTOM,
      EventType.TOOL_CALL_RESULT,
      EventType.TEXT_MESSAGE_END,
      EventType.STEP_FINISHED,
      EventType.RUN_FINISHED,
    ]);
    expect(events[9]).toMatchObject({ toolCallId: 'c1', toolCallName: 'research', parentMessageId: 'run_1:1:t0' });
    expect(events[10]).toMatchObject({ delta: '{"q":1}' });
    expect(events[12]).toMatchObject({ name: 'tandem.partial-tool-call-result', value: { toolCallId: 'c1', value: 'half', seq: 0 } });
    expect(events.at(-1)).toEqual({ type: EventType.RUN_FINISHED, threadId: 't', runId: 'run_1', outcome: { type: 'success' } });
  });

  it('finishes an interrupted run with one interrupt per pending approval, and a cancelled run as cancelled', async () => {
    const interrupted = await read(
      toAGUIEvents(replay([{ ...at, type: 'tool-approval-request', toolCallId: 'c9', toolName: 'delete_file', input: { path: 'a' } }] as AgentEvent[], 'interrupted'), { threadId: 't', runId: 'r' }),
    );
    expect(interrupted.at(-1)).toMatchObject({
      outcome: { type: 'interrupt', interrupts: [{ id: 'c9', toolCallId: 'c9', reason: 'tool_approval', metadata: { toolName: 'delete_file', input: { path: 'a' } } }] },
    });
    const cancelled = await read(toAGUIEvents(replay([], 'cancelled'), { threadId: 't', runId: 'r' }));
    expect(cancelled.at(-1)).toMatchObject({ type: EventType.RUN_FINISHED, outcome: { type: 'cancelled' } });
  });
});
