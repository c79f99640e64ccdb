import { check, failureCell, type Contender } from '../contender.js';
import type { BenchConfig } from '../config.js';
import { timeInterleaved, type Budget } from '../measure.js';
import type { Cell, Metric } from '../results.js';
import { asyncEchoTool, streamingScenario, toolCallScenario, waitTool, type Scenario } from '../scenario.js';
import { summarize } from '../stats.js';

/** Times every contender on `scenario` (interleaved) after checking one run of each. */
export async function timeScenario(
  contenders: readonly Contender[],
  scenario: Scenario,
  budget: Budget,
): Promise<Map<string, number[] | Cell>> {
  const out = new Map<string, number[] | Cell>();
  const entries = [];
  for (const contender of contenders) {
    try {
      const runner = await contender.runner(scenario);
      check(contender, scenario, await runner.run());
      entries.push({ id: contender.id, run: () => runner.run() });
    } catch (error) {
      out.set(contender.id, failureCell(contender, error));
    }
  }
  const samples = await timeInterleaved(entries, budget);
  for (const [id, values] of samples) out.set(id, values);
  return out;
}

/** One cell per contender: its samples mapped to the metric's unit, or its error. */
export function cells(samples: Map<string, number[] | Cell>, map: (ms: number) => number): Map<string, Cell> {
  const out = new Map<string, Cell>();
  for (const [id, values] of samples) {
    out.set(id, Array.isArray(values) ? { kind: 'value', summary: summarize(values.map(map)) } : values);
  }
  return out;
}

/** Workload 1: one response with K tool calls of an `async () => 'ok'` tool, then a final text response. */
export async function toolCallOverhead(contenders: readonly Contender[], config: BenchConfig): Promise<Metric[]> {
  const metrics: Metric[] = [];
  const section = '1. Tool-call overhead';
  const medians = new Map<number, Map<string, number>>();
  for (const k of config.toolCallCounts) {
    const samples = await timeScenario(contenders, toolCallScenario(k, asyncEchoTool()), config.toolCallBudget);
    metrics.push({ section, name: `K=${k}: time per run`, unit: 'ms', better: 'lower', digits: 3, cells: cells(samples, (ms) => ms) });
    metrics.push({ section, name: `K=${k}: time per call`, unit: 'µs', better: 'lower', digits: 1, cells: cells(samples, (ms) => (ms * 1000) / k) });
    const byId = new Map<string, number>();
    for (const [id, values] of samples) if (Array.isArray(values)) byId.set(id, summarize(values).median);
    medians.set(k, byId);
  }
  const [low, high] = [...config.toolCallCounts].sort((a, b) => a - b).slice(-2);
  if (low !== undefined && high !== undefined && low !== high) {
    const slope = new Map<string, Cell>();
    for (const contender of contenders) {
      const a = medians.get(low)?.get(contender.id);
      const b = medians.get(high)?.get(contender.id);
      if (a === undefined || b === undefined) continue;
      slope.set(contender.id, { kind: 'value', summary: summarize([((b - a) * 1000) / (high - low)]) });
    }
    // The cost each extra call adds, free of per-run costs (model calls, history): the overhead of the tool runtime.
    metrics.push({ section, name: `per-call overhead (K=${low}→${high} slope)`, unit: 'µs', better: 'lower', digits: 1, cells: slope });
  }
  return metrics;
}

/** Workload 2: one response of N 4-character text deltas, read through the SDK's streaming API. */
export async function streamingThroughput(contenders: readonly Contender[], config: BenchConfig): Promise<Metric[]> {
  const n = config.streamDeltas;
  const samples = await timeScenario(contenders, streamingScenario(n), config.streamBudget);
  return [
    {
      section: '2. Streaming throughput',
      name: `${n.toLocaleString('en-US')} deltas: throughput`,
      unit: 'deltas/s',
      better: 'higher',
      digits: 0,
      cells: cells(samples, (ms) => n / (ms / 1000)),
    },
  ];
}

/** Workload 3: one group of tools that each wait on a real timer; total run time. */
export async function concurrency(contenders: readonly Contender[], config: BenchConfig): Promise<Metric[]> {
  const scenario = toolCallScenario(config.concurrentTools, waitTool(config.toolWaitMs));
  const samples = await timeScenario(contenders, scenario, config.concurrencyBudget);
  return [
    {
      section: '3. Concurrency',
      name: `${config.concurrentTools} tools × ${config.toolWaitMs} ms: total`,
      unit: 'ms',
      better: 'lower',
      digits: 1,
      cells: cells(samples, (ms) => ms),
    },
  ];
}
