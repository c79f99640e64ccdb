import { setTimeout as sleep } from 'node:timers/promises';
import { BidiAgent } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import type { BidiModelEvent } from '@tandem/core/spec';
import { ScriptedBidiModel, bidiToolGroup, pcm16Silence, type ScriptedBidiConnection } from '@tandem/core/testing';
import type { BenchConfig } from '../config.js';
import { single, type Cell, type Metric } from '../results.js';
import { quantile } from '../stats.js';

const AUDIO_EVERY_MS = 20; // 50 audio events per second
const TRANSCRIPT_EVERY = 5; // a transcript delta every 5th audio chunk (10 per second)
const TOOLS = 10;

interface Trace {
  readonly emittedAt: Map<Uint8Array | string, number>;
  readonly latencies: number[];
  readonly gaps: number[];
  toolResults: number;
}

/**
 * Drives one connection: a group of 10 tool calls at once, then — on a drift-free 20 ms grid —
 * one audio chunk per tick and a transcript delta every 5th tick, stamping when each was emitted.
 */
async function drive(connection: ScriptedBidiConnection, trace: Trace, durationMs: number): Promise<void> {
  connection.emit(bidiToolGroup(Array.from({ length: TOOLS }, (_, i) => ({ id: `call_${i}`, name: 'work', input: { i } }))));
  const responseId = 'resp_bench';
  connection.emit({ type: 'response-start', responseId });
  const ticks = Math.max(1, Math.round(durationMs / AUDIO_EVERY_MS));
  const start = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    const due = start + tick * AUDIO_EVERY_MS;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (connection.finished) return;
    const data = pcm16Silence(AUDIO_EVERY_MS, 24_000);
    const events: BidiModelEvent[] = [{ type: 'audio', responseId, data, sampleRate: 24_000 }];
    trace.emittedAt.set(data, performance.now());
    if (tick % TRANSCRIPT_EVERY === 0) {
      const delta = `<${tick}>`;
      trace.emittedAt.set(delta, performance.now());
      events.push({ type: 'transcript', role: 'assistant', delta, final: false, responseId });
    }
    connection.emit(...events);
  }
  connection.emit(
    { type: 'transcript', role: 'assistant', delta: '', final: true, responseId },
    { type: 'response-end', responseId, stopReason: 'complete' },
  );
}

/** One bidi session: 10 tools (each waits a different share of the session, then does a little work) while audio streams. */
async function session(durationMs: number): Promise<Trace> {
  const trace: Trace = { emittedAt: new Map(), latencies: [], gaps: [], toolResults: 0 };
  let driving: Promise<void> = Promise.resolve();
  const model = new ScriptedBidiModel({
    onConnect: (connection) => {
      driving = drive(connection, trace, durationMs);
    },
  });
  const work: FunctionTool = {
    kind: 'function',
    name: 'work',
    spec: { description: 'Waits, then computes.', params: { type: 'object', properties: { i: { type: 'integer' } } } },
    async execute(input) {
      const i = (input as { i: number }).i;
      await sleep(((i + 1) * durationMs) / (TOOLS + 1));
      let acc = 0;
      for (let n = 0; n < 20_000; n++) acc += Math.sqrt(n); // ~0.1 ms of CPU per tool
      return `done ${i} ${acc > 0 ? 'ok' : ''}`;
    },
  };
  const agent = new BidiAgent({ model, tools: [work] });
  await agent.start();
  let lastOutput: number | undefined;
  let complete = false;
  // Safety net: a session that never completes is stopped (and reported) instead of hanging the bench.
  const guard = setTimeout(() => void agent.stop(), durationMs + 15_000);
  try {
    for await (const event of agent.receive()) {
      const now = performance.now();
      if (event.type === 'response-complete') complete = true;
      if (event.type === 'tool-call-result') trace.toolResults++;
      const key = event.type === 'audio' ? event.data : event.type === 'transcript' && event.delta !== '' ? event.delta : undefined;
      const emitted = key === undefined ? undefined : trace.emittedAt.get(key);
      if (emitted !== undefined) {
        trace.latencies.push(now - emitted);
        if (event.type === 'audio') {
          if (lastOutput !== undefined) trace.gaps.push(now - lastOutput);
          lastOutput = now;
        }
      }
      if (complete && trace.toolResults >= TOOLS) break;
    }
    await driving;
  } finally {
    clearTimeout(guard);
    await agent.stop();
  }
  if (!complete) throw new Error('the bidi session ended before the scripted response completed');
  return trace;
}

/** Workload 7: latency from a model event to the agent's output while tools run, and the longest gap between audio outputs. */
export async function bidiLatency(config: BenchConfig): Promise<Metric[]> {
  const section = '7. Bidi';
  const durationMs = config.quick ? 200 : 3000;
  const cells = { p50: new Map<string, Cell>(), p99: new Map<string, Cell>(), gap: new Map<string, Cell>() };
  try {
    await session(config.quick ? 100 : 500); // warm-up
    const trace = await session(durationMs);
    if (trace.toolResults < TOOLS) throw new Error(`only ${trace.toolResults} of ${TOOLS} tool results arrived during the session`);
    const sorted = [...trace.latencies].sort((a, b) => a - b);
    const maxGap = Math.max(...trace.gaps);
    const n = `${sorted.length} outputs`;
    cells.p50.set('tandem', single(quantile(sorted, 0.5), n));
    cells.p99.set('tandem', single(quantile(sorted, 0.99), n));
    cells.gap.set('tandem', single(maxGap, maxGap > 3 * AUDIO_EVERY_MS ? 'stall: > 3 audio intervals' : 'no stall (≤ 3 audio intervals)'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    for (const map of Object.values(cells)) map.set('tandem', { kind: 'error', reason });
  }
  const label = `${1000 / AUDIO_EVERY_MS} audio/s + transcripts, ${TOOLS} tools running, ${durationMs} ms`;
  return [
    { section, name: `${label}: event → output latency p50`, unit: 'ms', better: 'lower', digits: 3, cells: cells.p50, ratios: false },
    { section, name: 'event → output latency p99', unit: 'ms', better: 'lower', digits: 3, cells: cells.p99, ratios: false },
    { section, name: `longest gap between audio outputs (emitted every ${AUDIO_EVERY_MS} ms)`, unit: 'ms', better: 'lower', digits: 1, cells: cells.gap, ratios: false },
  ];
}
