import type { Budget } from './measure.js';

/** Sizes and budgets of one bench run. */
export interface BenchConfig {
  readonly quick: boolean;
  /** Tool calls per response (workload 1). */
  readonly toolCallCounts: readonly number[];
  readonly toolCallBudget: Budget;
  /** Group sizes whose per-call slope is measured against the floor of one async call (workload 1b): `[from, to]` pairs. */
  readonly perCallSlopes: readonly (readonly [number, number])[];
  /** Text deltas in the streamed response (workload 2). */
  readonly streamDeltas: number;
  readonly streamBudget: Budget;
  /** Tools in the group and how long each waits (workload 3). */
  readonly concurrentTools: number;
  readonly toolWaitMs: number;
  readonly concurrencyBudget: Budget;
  /** Finished agents kept alive (workload 4a). */
  readonly agents: number;
  /** Times the finished-agents heap is measured (median reported). */
  readonly memoryRepeats: number;
  /** Text deltas of the result-only run whose retained heap is measured (workload 4c). */
  readonly resultOnlyDeltas: number;
  /** Model steps of the leak loop (workload 4b): each run is 2 steps (tool call, answer). */
  readonly leakSteps: number;
  /** Fresh processes per SDK for the import time (workload 5). */
  readonly coldStarts: number;
  /** `npm install` each SDK alone into a temp dir (needs the registry) instead of reading node_modules. */
  readonly installFromRegistry: boolean;
  /** MCP echo calls to time (workload 6). */
  readonly mcpCalls: number;
  /** Model steps that each call one tool before the final answer (workload 8). */
  readonly durableToolSteps: number;
  readonly durableBudget: Budget;
  /** Single-message appends timed per session store (workload 9). */
  readonly sessionAppends: number;
  /** Messages of the history `slidingWindow().prepare` is timed on (workload 13). */
  readonly contextHistory: number;
  /** Turns of the scripted chat whose request size must stay bounded (workload 13). */
  readonly contextTurns: number;
  /** Text deltas and tool calls of the response converted to UI message chunks (workload 14). */
  readonly uiDeltas: number;
  readonly uiToolCalls: number;
  readonly uiBudget: Budget;
}

const once: Budget = { warmupMs: 0, rounds: 1, roundMs: 0, minRuns: 1, maxRuns: 1 };

/** `--quick`: every workload once with tiny sizes — proves the bench works, measures nothing. */
export const QUICK: BenchConfig = {
  quick: true,
  toolCallCounts: [1, 3],
  toolCallBudget: once,
  perCallSlopes: [
    [1, 2],
    [3, 4],
  ],
  streamDeltas: 200,
  streamBudget: once,
  concurrentTools: 3,
  toolWaitMs: 5,
  concurrencyBudget: once,
  agents: 10,
  memoryRepeats: 1,
  resultOnlyDeltas: 1_000,
  leakSteps: 20,
  coldStarts: 1,
  installFromRegistry: false,
  mcpCalls: 3,
  durableToolSteps: 2,
  durableBudget: once,
  sessionAppends: 20,
  contextHistory: 2000,
  contextTurns: 200,
  uiDeltas: 200,
  uiToolCalls: 20,
  uiBudget: once,
};

/** The full suite (`pnpm bench`). */
export const FULL: BenchConfig = {
  quick: false,
  toolCallCounts: [1, 10, 100],
  toolCallBudget: { warmupMs: 300, rounds: 8, roundMs: 150, minRuns: 3, maxRuns: 5000 },
  perCallSlopes: [
    [1, 10],
    [100, 400],
  ],
  streamDeltas: 100_000,
  streamBudget: { warmupMs: 0, rounds: 5, roundMs: 0, minRuns: 1, maxRuns: 1, capMs: 30_000, capMinSamples: 3 },
  concurrentTools: 10,
  toolWaitMs: 50,
  concurrencyBudget: { warmupMs: 100, rounds: 5, roundMs: 0, minRuns: 4, maxRuns: 4 },
  agents: 1000,
  memoryRepeats: 3,
  resultOnlyDeltas: 200_000,
  leakSteps: 10_000,
  coldStarts: 10,
  installFromRegistry: true,
  mcpCalls: 300,
  durableToolSteps: 5,
  durableBudget: { warmupMs: 2000, rounds: 6, roundMs: 0, minRuns: 10, maxRuns: 10 },
  sessionAppends: 5000,
  contextHistory: 2000,
  contextTurns: 10_000,
  uiDeltas: 100_000,
  uiToolCalls: 1_000,
  uiBudget: { warmupMs: 300, rounds: 6, roundMs: 200, minRuns: 3, maxRuns: 200 },
};
