import { createServer } from 'node:http2';
import * as restate from '@restatedev/restate-sdk';
import { Agent, type FunctionTool, type ModelRequest } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { restateAgent } from '@tandem/restate';
import { startRestateServer } from '@tandem/restate/testing';
import type { BenchConfig } from '../config.js';
import { timeInterleaved, type Timed } from '../measure.js';
import { installedVersion } from '../paths.js';
import type { Cell, Metric } from '../results.js';
import { summarize } from '../stats.js';

const IN_PROCESS = 'tandem Agent.run() in-process';
const JOURNALED = 'tandem on Restate (restateAgent)';

const echo: FunctionTool = {
  kind: 'function',
  name: 'echo',
  spec: { description: 'Returns ok.', params: { type: 'object', properties: { i: { type: 'integer' } } } },
  execute: () => 'ok',
};

/** A model that calls `echo` once per step until `toolSteps` results are in, then answers. */
function stepModel(toolSteps: number): ScriptedModel {
  return new ScriptedModel({
    responses: (request: ModelRequest) => {
      const done = request.messages.filter((message) => message.role === 'tool').length;
      return done < toolSteps ? toolCallResponse([{ name: 'echo', input: { i: done } }]) : textResponse('All done.');
    },
  });
}

/**
 * Workload 8: the same agent run (`toolSteps` model calls that each call one tool, then a final answer)
 * in-process and as a durable run through a real restate-server on loopback, whose worker is this process.
 * The difference divided by the journaled steps (model calls + tool calls) is the per-step overhead.
 */
export async function durableOverhead(config: BenchConfig): Promise<Metric[]> {
  const steps = config.durableToolSteps;
  const journaledSteps = 2 * steps + 1;
  const agent = new Agent({ tools: [echo], maxSteps: steps + 1 });
  const model = stepModel(steps);
  // Health is polled, so a quick start returns at once; after the heavy workloads a start once took over 30 s.
  const server = await startRestateServer({ nodeName: 'bench', startTimeoutMs: 120_000 });
  const worker = createServer(
    restate.createEndpointHandler({
      services: [restateAgent({ name: 'bench', agent, model })],
      // Per-invocation INFO lines would drown the report; errors still show.
      logger: (meta, message, ...rest) => {
        if (meta.level === 'error') console.error(message, ...rest);
      },
    }),
  );
  try {
    await new Promise<void>((resolve) => worker.listen(0, '127.0.0.1', resolve));
    const address = worker.address();
    await server.register(`http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`);
    const entries: Timed[] = [
      {
        id: IN_PROCESS,
        run: async () => {
          const result = await agent.run(model, 'go').result;
          if (result.text !== 'All done.') throw new Error(`in-process run answered ${JSON.stringify(result.text)}`);
        },
      },
      {
        id: JOURNALED,
        run: async () => {
          const response = await fetch(`${server.ingress}/bench/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"input":"go"}' });
          const body = (await response.json()) as { text?: string };
          if (!response.ok || body.text !== 'All done.') throw new Error(`durable run answered ${response.status} ${JSON.stringify(body)}`);
        },
      },
    ];
    for (const entry of entries) await entry.run();
    const samples = await timeInterleaved(entries, config.durableBudget);
    const inProcess = summarize(samples.get(IN_PROCESS) ?? []);
    const journaled = summarize(samples.get(JOURNALED) ?? []);
    const runCells = new Map<string, Cell>([
      [IN_PROCESS, { kind: 'value', summary: inProcess }],
      [JOURNALED, { kind: 'value', summary: journaled, note: `${journaledSteps} journaled steps (${steps + 1} model calls, ${steps} tool calls) via HTTP ingress` }],
    ]);
    const perStep = (journaled.median - inProcess.median) / journaledSteps;
    const stepCells = new Map<string, Cell>([
      [
        JOURNALED,
        {
          kind: 'value',
          summary: { n: 1, median: perStep, p10: perStep, p90: perStep, min: perStep, max: perStep, mad: 0 },
          note: `(journaled − in-process median) / ${journaledSteps}; restate-server ${installedVersion('@restatedev/restate-server')}, SDK ${installedVersion('@restatedev/restate-sdk')}`,
        },
      ],
    ]);
    return [
      { section: '8. Durable runs (Restate)', name: `run of ${steps + 1} model calls + ${steps} tool calls: time per run`, unit: 'ms', better: 'lower', digits: 2, cells: runCells, ratios: false },
      { section: '8. Durable runs (Restate)', name: 'overhead per journaled step', unit: 'ms', better: 'lower', digits: 2, cells: stepCells, ratios: false },
    ];
  } finally {
    worker.close();
    await server.stop();
  }
}
