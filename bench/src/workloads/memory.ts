import { Agent, type ModelStreamPart } from '@tandem/core';
import { ScriptedModel, finishPart } from '@tandem/core/testing';
import { failureCell, type Contender } from '../contender.js';
import type { BenchConfig } from '../config.js';
import { single, type Cell, type Metric } from '../results.js';
import { echoTool, toolCallScenario } from '../scenario.js';
import { settleHeap, summarize } from '../stats.js';

/** Retained heap of `count` finished agents, each holding a short conversation (one tool call, one answer). */
async function finishedAgents(contender: Contender, count: number, repeats: number): Promise<number[]> {
  const results: number[] = [];
  for (let r = 0; r < repeats; r++) results.push(await finishedAgentsOnce(contender, count));
  return results;
}

async function finishedAgentsOnce(contender: Contender, count: number): Promise<number> {
  const scenario = toolCallScenario(1, echoTool());
  for (let i = 0; i < 5; i++) await contender.finished(scenario); // warm up lazy module state
  const kept: unknown[] = [];
  const before = await settleHeap();
  for (let i = 0; i < count; i++) kept.push(await contender.finished(scenario));
  const after = await settleHeap();
  if (kept.length !== count) throw new Error('unreachable');
  return after - before;
}

/**
 * Heap growth of a long-lived agent over `steps` model steps (runs of a tool call and an answer):
 * the heap after GC is read at `readingsCount` evenly spaced checkpoints (10 in full mode); growth is the mean of the
 * last third of the readings minus the mean of the first third (single readings move by ±100 KB with GC noise).
 */
async function leak(contender: Contender, steps: number, readingsCount: number): Promise<{ growth: number; warmAt: number }> {
  const runner = await contender.runner(toolCallScenario(1, echoTool()));
  const runs = Math.max(2, Math.floor(steps / 2));
  const checkpoints = Array.from({ length: readingsCount }, (_, i) => Math.max(1, Math.round((runs * (i + 1)) / readingsCount)));
  const readings: number[] = [];
  let done = 0;
  for (const checkpoint of checkpoints) {
    while (done < checkpoint) {
      await runner.run();
      done++;
    }
    readings.push(await settleHeap());
  }
  const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
  const third = Math.max(1, Math.floor(readingsCount / 3));
  return { growth: mean(readings.slice(-third)) - mean(readings.slice(0, third)), warmAt: checkpoints[0]! * 2 };
}

/**
 * Heap a finished Tandem run still holds while the caller keeps the run object, when the caller only
 * awaited `run.result` (never iterated): its events must not be retained.
 */
async function resultOnlyRunHeap(deltas: number): Promise<number> {
  const parts: ModelStreamPart[] = [{ type: 'text-start', blockId: 't' }];
  for (let i = 0; i < deltas; i++) parts.push({ type: 'text-delta', blockId: 't', chunk: String(i % 10000).padStart(4, '0') });
  parts.push({ type: 'text-end', blockId: 't' }, finishPart('stop'));
  const model = new ScriptedModel({ responses: () => parts });
  const agent = new Agent();
  await agent.run(model, 'warm up').result;
  model.requests.length = 0;
  const before = await settleHeap();
  const run = agent.run(model, 'go');
  const result = await run.result;
  const after = await settleHeap();
  if (result.text.length !== deltas * 4 || run.runId === '') throw new Error('unexpected result');
  return after - before;
}

/** The metric of workload 4 that counts what one idle session holds. */
export const IDLE_SESSION = 'idle session: bytes per agent holding a 4-message history (same definition, tools and model shared)';

/** Workload 4: memory of finished agents, and heap growth over a long loop (leak check). */
export async function memory(contenders: readonly Contender[], config: BenchConfig): Promise<Metric[]> {
  const held = new Map<string, Cell>();
  const perSession = new Map<string, Cell>();
  const growth = new Map<string, Cell>();
  for (const contender of contenders) {
    try {
      const bytes = await finishedAgents(contender, config.agents, config.memoryRepeats);
      held.set(contender.id, { kind: 'value', summary: summarize(bytes.map((b) => b / 1024 / 1024)) });
      perSession.set(contender.id, { kind: 'value', summary: summarize(bytes.map((b) => b / config.agents)) });
    } catch (error) {
      held.set(contender.id, failureCell(contender, error));
      perSession.set(contender.id, failureCell(contender, error));
    }
    try {
      const { growth: bytes, warmAt } = await leak(contender, config.leakSteps, config.quick ? 2 : 10);
      growth.set(contender.id, single(bytes / 1024, config.quick ? `2 readings from step ${warmAt}` : `last 3 vs first 3 of 10 readings from step ${warmAt}`));
    } catch (error) {
      growth.set(contender.id, failureCell(contender, error));
    }
  }
  const section = '4. Memory';
  const resultOnly = new Map<string, Cell>();
  if (contenders.some((contender) => contender.id === 'tandem')) {
    try {
      resultOnly.set('tandem', single((await resultOnlyRunHeap(config.resultOnlyDeltas)) / 1024 / 1024, `${config.resultOnlyDeltas.toLocaleString('en-US')} deltas; the result's own text is ${((config.resultOnlyDeltas * 4) / 1024 / 1024).toFixed(2)} MB`));
    } catch (error) {
      resultOnly.set('tandem', { kind: 'error', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return [
    {
      section,
      name: `heap retained by a result-only run of ${config.resultOnlyDeltas.toLocaleString('en-US')} deltas`,
      unit: 'MB',
      better: 'lower',
      digits: 2,
      cells: resultOnly,
      ratios: false,
    },
    { section, name: `heap of ${config.agents.toLocaleString('en-US')} finished agents`, unit: 'MB', better: 'lower', digits: 2, cells: held },
    {
      section,
      name: IDLE_SESSION,
      unit: 'bytes',
      better: 'lower',
      digits: 0,
      cells: perSession,
    },
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
