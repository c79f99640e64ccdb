import type { AgentEvent } from '@tandem/core';
import { toUIMessageStream } from '@tandem/ui';
import { toUIMessageStream as aiToUIMessageStream, type TextStreamPart, type ToolSet } from 'ai7';
import type { BenchConfig } from '../config.js';
import { timeInterleaved } from '../measure.js';
import type { Cell, Metric } from '../results.js';
import { summarize } from '../stats.js';

type AiPart = TextStreamPart<ToolSet>;
const base = { runId: 'run', step: 1 } as const;

/** One step of `deltas` text deltas, as Tandem events and as the `ai` stream parts `streamText` would emit. */
function textEvents(deltas: number): { tandem: AgentEvent[]; ai: AiPart[] } {
  const tandem: AgentEvent[] = [{ ...base, type: 'step-start' }, { ...base, type: 'text-start', blockId: 't' }];
  const ai: AiPart[] = [{ type: 'start' }, { type: 'start-step', request: {}, warnings: [] } as unknown as AiPart, { type: 'text-start', id: 't' }];
  for (let i = 0; i < deltas; i++) {
    tandem.push({ ...base, type: 'text-delta', blockId: 't', chunk: 'word' });
    ai.push({ type: 'text-delta', id: 't', text: 'word' });
  }
  tandem.push({ ...base, type: 'text-end', blockId: 't' }, { ...base, type: 'step-end', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } });
  ai.push({ type: 'text-end', id: 't' }, finishStep(), finish());
  return { tandem, ai };
}

/** One step of `calls` tool calls (input start, one args delta, the call, its result), both ways. */
function toolEvents(calls: number): { tandem: AgentEvent[]; ai: AiPart[] } {
  const tandem: AgentEvent[] = [{ ...base, type: 'step-start' }];
  const ai: AiPart[] = [{ type: 'start' }, { type: 'start-step', request: {}, warnings: [] } as unknown as AiPart];
  for (let i = 0; i < calls; i++) {
    const id = `call_${i}`;
    tandem.push(
      { ...base, type: 'tool-start', toolCallId: id, toolName: 'lookup' },
      { ...base, type: 'tool-delta', toolCallId: id, chunk: '{"id":1}' },
      { ...base, type: 'tool-end', toolCall: { toolCallId: id, toolName: 'lookup', toolArgs: '{"id":1}', input: { id: 1 } } },
    );
    ai.push(
      { type: 'tool-input-start', id, toolName: 'lookup' },
      { type: 'tool-input-delta', id, delta: '{"id":1}' },
      { type: 'tool-input-end', id },
      { type: 'tool-call', toolCallId: id, toolName: 'lookup', input: { id: 1 } } as AiPart,
    );
  }
  for (let i = 0; i < calls; i++) {
    const id = `call_${i}`;
    const result = { toolCallId: id, toolName: 'lookup', status: 'success', isError: false, result: 'ok', modelInput: { type: 'text', value: 'ok' } } as const;
    tandem.push({ ...base, type: 'tool-call-result', result, results: [result] });
    ai.push({ type: 'tool-result', toolCallId: id, toolName: 'lookup', input: { id: 1 }, output: 'ok' } as AiPart);
  }
  tandem.push({ ...base, type: 'step-end', finishReason: 'tool-calls', usage: { inputTokens: 1, outputTokens: 1 } });
  ai.push(finishStep(), finish());
  return { tandem, ai };
}

function finishStep(): AiPart {
  return { type: 'finish-step', response: { id: 'r', timestamp: new Date(0), modelId: 'm' }, usage: {}, finishReason: 'stop', providerMetadata: undefined } as unknown as AiPart;
}
function finish(): AiPart {
  return { type: 'finish', finishReason: 'stop', totalUsage: {} } as unknown as AiPart;
}

/** A run that replays `events` (what `toUIMessageStream` reads of an `AgentRun`). */
function replayRun(events: readonly AgentEvent[]) {
  return {
    [Symbol.asyncIterator]: async function* () {
      yield* events;
    },
    result: Promise.resolve({ stopReason: 'endTurn' as const }),
  };
}

/** `ai`'s stream parts as the `ReadableStream` its `toUIMessageStream` takes. */
function partStream(parts: readonly AiPart[]): ReadableStream<AiPart> {
  let index = 0;
  return new ReadableStream<AiPart>({
    pull(controller) {
      if (index < parts.length) controller.enqueue(parts[index++] as AiPart);
      else controller.close();
    },
  });
}

async function drain(stream: ReadableStream<unknown>): Promise<number> {
  const reader = stream.getReader();
  let chunks = 0;
  while (!(await reader.read()).done) chunks++;
  return chunks;
}

/**
 * Workload 13: what turning a run into `useChat`'s UI message chunks costs — `@tandem/ui`'s `toUIMessageStream`
 * on agent events next to `ai` 7's own `toUIMessageStream` on the `streamText` parts of the same response,
 * per text delta and per tool call (input start, delta, call, result). Target: Tandem no slower than `ai`.
 */
export async function uiStreams(config: BenchConfig): Promise<Metric[]> {
  const section = '14. UI message streams';
  const metrics: Metric[] = [];
  for (const [name, count, events] of [
    ['per text delta', config.uiDeltas, textEvents(config.uiDeltas)],
    ['per tool call', config.uiToolCalls, toolEvents(config.uiToolCalls)],
  ] as const) {
    const tandemChunks = await drain(toUIMessageStream(replayRun(events.tandem), { messageId: 'm' }));
    const aiChunks = await drain(aiToUIMessageStream({ stream: partStream(events.ai) }));
    if (tandemChunks !== aiChunks) throw new Error(`${name}: Tandem wrote ${tandemChunks} chunks, ai ${aiChunks}; the workloads differ`);
    const samples = await timeInterleaved(
      [
        { id: 'tandem', run: () => drain(toUIMessageStream(replayRun(events.tandem), { messageId: 'm' })) },
        { id: 'ai', run: () => drain(aiToUIMessageStream({ stream: partStream(events.ai) })) },
      ],
      config.uiBudget,
    );
    const cells = new Map<string, Cell>();
    for (const [id, list] of samples) cells.set(id, { kind: 'value', summary: summarize(list.map((ms) => (ms * 1e6) / count)) });
    metrics.push({ section, name: `${name} (${count.toLocaleString('en-US')} in one response)`, unit: 'ns', better: 'lower', digits: 0, cells });
  }
  return metrics;
}
