import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { BenchConfig } from '../config.js';
import { timeInterleaved, type Timed } from '../measure.js';
import { BENCH_DIR, installedVersion } from '../paths.js';
import type { Cell, Metric } from '../results.js';
import { summarize } from '../stats.js';

/** The official "everything" MCP server, over stdio. */
export function everythingServer(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [join(BENCH_DIR, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'), 'stdio'],
  };
}

/** A way to call the server's `echo` tool; `close` ends the server process. */
export interface EchoCaller {
  readonly id: string;
  call(message: string): Promise<string>;
  close(): Promise<void>;
}

const SDK_ID = '@modelcontextprotocol/sdk Client.callTool';

/** The baseline: the official SDK client alone. */
async function sdkClient(): Promise<EchoCaller> {
  const client = new Client({ name: 'tandem-bench', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ ...everythingServer(), stderr: 'ignore' }));
  return {
    id: SDK_ID,
    async call(message) {
      const result = await client.callTool({ name: 'echo', arguments: { message } });
      const first = (result.content as { type: string; text?: string }[])[0];
      return first?.text ?? '';
    },
    close: () => client.close(),
  };
}

/** Workload 6: per-call time of `echo` over stdio, the SDK client alone vs Tandem's MCP client and tool. */
export async function mcpOverhead(config: BenchConfig, tandem: readonly (() => Promise<EchoCaller>)[]): Promise<Metric[]> {
  const callers: EchoCaller[] = [];
  const cells = new Map<string, Cell>();
  try {
    try {
      callers.push(await sdkClient());
    } catch (error) {
      cells.set(SDK_ID, { kind: 'error', reason: error instanceof Error ? error.message : String(error) });
    }
    for (const [i, factory] of tandem.entries()) {
      try {
        callers.push(await factory());
      } catch (error) {
        cells.set(`tandem #${i + 1}`, { kind: 'error', reason: error instanceof Error ? error.message : String(error) });
      }
    }
    let n = 0;
    const entries: Timed[] = callers.map((caller) => ({
      id: caller.id,
      run: async () => {
        const message = `m${n++}`;
        const echoed = await caller.call(message);
        if (!echoed.includes(message)) throw new Error(`${caller.id}: echo returned ${JSON.stringify(echoed)}`);
      },
    }));
    const quick = config.quick;
    const samples = await timeInterleaved(entries, {
      warmupMs: quick ? 0 : 300,
      rounds: quick ? 1 : 6,
      roundMs: 0,
      minRuns: Math.max(1, Math.floor(config.mcpCalls / (quick ? 1 : 6))),
      maxRuns: Math.max(1, Math.floor(config.mcpCalls / (quick ? 1 : 6))),
    });
    const base = samples.get(SDK_ID);
    const baseMedian = base === undefined ? undefined : summarize(base).median * 1000;
    for (const [id, values] of samples) {
      const summary = summarize(values.map((ms) => ms * 1000));
      const note =
        id === SDK_ID || baseMedian === undefined
          ? 'baseline'
          : `${summary.median - baseMedian >= 0 ? '+' : ''}${Math.round(summary.median - baseMedian)} µs (${(summary.median / baseMedian).toFixed(2)}×) vs the SDK client`;
      cells.set(id, { kind: 'value', summary, note });
    }
  } finally {
    await Promise.all(callers.map((c) => c.close().catch(() => undefined)));
  }
  return [
    {
      section: '6. MCP',
      name: `echo over stdio (server-everything ${installedVersion('@modelcontextprotocol/server-everything')}): time per call`,
      unit: 'µs',
      better: 'lower',
      digits: 0,
      cells,
    },
  ];
}
