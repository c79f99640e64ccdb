import { NODE_MAJOR } from './paths.js';
import type { Cell } from './results.js';
import type { Scenario } from './scenario.js';

/** What one run through an SDK's streaming API observed. */
export interface RunOutcome {
  /** Text deltas seen on the SDK's event stream. */
  readonly deltas: number;
  /** The final text as the SDK reports it. */
  readonly text: string;
}

/** Runs a scenario repeatedly on one long-lived agent (or equivalent) of an SDK. */
export interface Runner {
  run(): Promise<RunOutcome>;
}

/** One SDK (or the floor) driven through its own public API and its own (or a minimal) fake model. */
export interface Contender {
  /** Short id used in the table. */
  readonly id: string;
  /** npm package measured (absent for the floor). */
  readonly pkg?: string;
  /**
   * What the bench imports it as, when that differs from `pkg`: an npm alias in bench/package.json
   * (e.g. `ai7` for `ai` 7, while `ai` itself stays at the version the lean-imports rows compare with).
   */
  readonly entry?: string;
  readonly version: string;
  /**
   * The lowest Node major its package (or a dependency) declares in `engines`. Below it (a `--quick` run
   * on the repo's Node 20) a failure of this row is reported as skipped, not as a broken bench.
   */
  readonly minNode?: number;
  /** `peer` rows form the "fastest peer" baseline; `floor` the lower bound; `tandem` is measured. */
  readonly kind: 'floor' | 'tandem' | 'peer';
  /** How the SDK is driven and which fake model it uses (for the notes). */
  readonly how: string;
  /**
   * The workloads this row takes part in (default: all). A second, non-streaming row of an SDK — its
   * fastest honest path, e.g. `generate()` instead of `stream()` — only runs the tool-call workload.
   */
  readonly workloads?: readonly number[];
  /** False for a row that reads only the final result (no event stream, so no deltas to count). */
  readonly streams?: boolean;
  /** A runner that reuses one agent for every run of `scenario`. */
  runner(scenario: Scenario): Promise<Runner>;
  /** Builds a new agent, runs `scenario` to the end, and returns what a user keeps: the agent and its conversation. */
  finished(scenario: Scenario): Promise<unknown>;
}

/** Throws if a run did not observe what the scenario scripted. */
export function check(contender: Contender, scenario: Scenario, outcome: RunOutcome): void {
  const deltasOk = contender.streams === false || outcome.deltas === scenario.deltas.length;
  if (!deltasOk || outcome.text !== scenario.text) {
    throw new Error(
      `${contender.id}: expected ${scenario.deltas.length} deltas and text ${JSON.stringify(scenario.text.slice(0, 40))}, ` +
        `got ${outcome.deltas} deltas and ${JSON.stringify(outcome.text.slice(0, 40))}.`,
    );
  }
}

/** Whether `contender` takes part in workload `n`. */
export function takesPart(contender: Contender, n: number): boolean {
  return contender.workloads === undefined || contender.workloads.includes(n);
}

/** The module the bench imports for `contender` (its alias if it has one). */
export function entryOf(contender: Contender): string | undefined {
  return contender.entry ?? contender.pkg;
}

/**
 * The cell for a row that failed: an error (the bench no longer works for it), or — when this Node is
 * older than the row's package supports — a skip that says so.
 */
export function failureCell(contender: Contender, error: unknown): Cell {
  const reason = error instanceof Error ? error.message : String(error);
  if (contender.minNode !== undefined && NODE_MAJOR < contender.minNode) {
    return { kind: 'pending', reason: `skipped: ${contender.pkg ?? contender.id} ${contender.version} needs Node ≥ ${contender.minNode}, this is Node ${NODE_MAJOR} (${reason.slice(0, 80)})` };
  }
  return { kind: 'error', reason };
}
