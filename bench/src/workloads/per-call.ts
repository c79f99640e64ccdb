import { check, type Contender } from '../contender.js';
import type { BenchConfig } from '../config.js';
import { timeInterleaved, type Timed } from '../measure.js';
import { single, type Cell, type Metric } from '../results.js';
import { asyncEchoTool, echoTool, toolCallScenario, type BenchTool, type Scenario } from '../scenario.js';
import { summarize } from '../stats.js';

/** The id of the floor row of workload 1b: one async tool call in bare Node. */
export const CALL_FLOOR = 'floor';
/** The extra row of workload 1b: Tandem with a synchronous `() => 'ok'` tool. */
export const TANDEM_SYNC = 'tandem, sync tool';

/**
 * The floor of one async tool call in Node: the calls of a group as async functions awaited through one
 * `Promise.all` (one slot each), each giving one result object. No SDK can run a call for less.
 */
function callFloor(scenario: Scenario): Timed {
  const tool = scenario.tool;
  return {
    id: CALL_FLOOR,
    run: async () => {
      const results = await Promise.all(scenario.calls.map(async (call) => ({ toolCallId: call.id, output: await tool.run(call.args) })));
      if (results.length !== scenario.calls.length) throw new Error('unreachable');
    },
  };
}

/** A checked runner of `contender` on `k` calls of `tool`, under `id`. */
async function entry(contender: Contender, id: string, k: number, tool: BenchTool): Promise<Timed> {
  const scenario = toolCallScenario(k, tool);
  const runner = await contender.runner(scenario);
  check(contender, scenario, await runner.run());
  return { id, run: () => runner.run() };
}

/**
 * Workload 1b: the cost of one more tool call in a group, as the slope of run time between two group sizes
 * (free of per-run costs), for Tandem with an async tool (the headline), Tandem with a sync tool, and the
 * floor of one async call in bare Node. Ratios to the floor are Tandem's per-call cost as a multiple of it.
 */
export async function perCallCost(tandem: readonly Contender[], config: BenchConfig): Promise<Metric[]> {
  const section = '1b. Per-call cost against the floor of one async call';
  const main = tandem.find((contender) => contender.id === 'tandem');
  if (main === undefined) return [];
  const sizes = [...new Set(config.perCallSlopes.flat())].sort((a, b) => a - b);
  const medians = new Map<number, Map<string, number>>();
  for (const k of sizes) {
    const entries: Timed[] = [callFloor(toolCallScenario(k, asyncEchoTool()))];
    for (const contender of tandem) entries.push(await entry(contender, contender.id, k, asyncEchoTool()));
    entries.push(await entry(main, TANDEM_SYNC, k, echoTool()));
    const samples = await timeInterleaved(entries, config.toolCallBudget);
    medians.set(k, new Map([...samples].map(([id, values]) => [id, summarize(values).median])));
  }
  const metrics: Metric[] = [];
  for (const [low, high] of config.perCallSlopes) {
    const slope = new Map<string, Cell>();
    const floor = slopeOf(medians, CALL_FLOOR, low, high);
    for (const id of [CALL_FLOOR, ...tandem.map((contender) => contender.id), TANDEM_SYNC]) {
      const value = slopeOf(medians, id, low, high);
      if (value === undefined) continue;
      // The sync row is not a contender of the table, so its multiple of the floor goes in its note.
      const note = id === TANDEM_SYNC && floor !== undefined ? `${(value / floor).toFixed(2)}× floor` : id === CALL_FLOOR ? 'an async function, one Promise.all slot, one result object' : undefined;
      slope.set(id, single(value, note));
    }
    metrics.push({ section, name: `per call, K=${low}→${high} slope`, unit: 'µs', better: 'lower', digits: 2, cells: slope });
  }
  return metrics;
}

/** µs per call between group sizes `low` and `high`, from the median run times. */
function slopeOf(medians: Map<number, Map<string, number>>, id: string, low: number, high: number): number | undefined {
  const a = medians.get(low)?.get(id);
  const b = medians.get(high)?.get(id);
  return a === undefined || b === undefined ? undefined : ((b - a) * 1000) / (high - low);
}
