import type { Contender } from '../contender.js';
import type { BenchConfig } from '../config.js';
import { single, type Cell, type Metric } from '../results.js';
import { echoTool, toolCallScenario } from '../scenario.js';
import { settleHeap } from '../stats.js';

/** Retained heap of `count` finished agents, each holding a short conversation (one tool call, one answer). */
async function finishedAgents(contender: Contender, count: number): Promise<number> {
  const scenario = toolCallScenario(1, echoTool());
  for (let i = 0; i < 5; i++) await contender.finished(scenario); // warm up lazy module state
  const kept: unknown[] = [];
  const before = await settleHeap();
  for (let i = 0; i < count; i++) kept.push(await contender.finished(scenario));
  const after = await settleHeap();
  if (kept.length !== count) throw new Error('unreachable');
  return after - before;
}

/** Heap growth of a long-lived agent over `steps` model steps (runs of a tool call and an answer). */
async function leak(contender: Contender, steps: number): Promise<{ growth: number; warmAt: number }> {
  const runner = await contender.runner(toolCallScenario(1, echoTool()));
  const runs = Math.max(2, Math.floor(steps / 2));
  const warmRuns = Math.max(1, Math.floor(runs / 10));
  for (let i = 0; i < warmRuns; i++) await runner.run();
  const warm = await settleHeap();
  for (let i = warmRuns; i < runs; i++) await runner.run();
  const end = await settleHeap();
  return { growth: end - warm, warmAt: warmRuns * 2 };
}

/** Workload 4: memory of finished agents, and heap growth over a long loop (leak check). */
export async function memory(contenders: readonly Contender[], config: BenchConfig): Promise<Metric[]> {
  const held = new Map<string, Cell>();
  const growth = new Map<string, Cell>();
  for (const contender of contenders) {
    try {
      held.set(contender.id, single((await finishedAgents(contender, config.agents)) / 1024 / 1024));
    } catch (error) {
      held.set(contender.id, { kind: 'error', reason: error instanceof Error ? error.message : String(error) });
    }
    try {
      const { growth: bytes, warmAt } = await leak(contender, config.leakSteps);
      growth.set(contender.id, single(bytes / 1024, `from step ${warmAt}`));
    } catch (error) {
      growth.set(contender.id, { kind: 'error', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  const section = '4. Memory';
  return [
    { section, name: `heap of ${config.agents.toLocaleString('en-US')} finished agents`, unit: 'MB', better: 'lower', digits: 2, cells: held },
    {
      section,
      name: `heap growth over ${config.leakSteps.toLocaleString('en-US')} steps`,
      unit: 'KB',
      better: 'lower',
      digits: 0,
      cells: growth,
      ratios: false,
    },
  ];
}
