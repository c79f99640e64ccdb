import type { Contender } from './contender.js';
import type { BenchConfig } from './config.js';
import { fastestPeer, medianOf } from './report.js';
import type { Metric, TargetCheck } from './results.js';
import { IDLE_SESSION } from './workloads/memory.js';
import { SPANS_BY_HAND } from './workloads/tracing.js';
import { streamingWhy, WHY } from './missed-why.js';

function find(metrics: readonly Metric[], section: string, name: string): Metric | undefined {
  return metrics.find((m) => m.section.startsWith(section) && m.name.startsWith(name));
}

function f(value: number, digits = 2): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** A percentage with its sign. */
function signed(percent: number): string {
  return `${percent >= 0 ? '+' : ''}${f(percent, 1)}`;
}

/** Checks Tandem's figures against the targets of the benchmark issue. */
export function checkTargets(metrics: readonly Metric[], contenders: readonly Contender[], config: BenchConfig): TargetCheck[] {
  const out: TargetCheck[] = [];
  const judge = (ok: boolean): TargetCheck['verdict'] => (config.quick ? 'n/a' : ok ? 'met' : 'missed');
  const missing = (target: string): void => void out.push({ target, figure: 'not measured', verdict: 'pending' });

  for (const k of config.toolCallCounts) {
    const target = `tool-call overhead, K=${k}: ≤ 0.2 × fastest peer (time per run)`;
    const m = find(metrics, '1.', `K=${k}: time per run`);
    const mine = medianOf(m, 'tandem');
    const best = m && fastestPeer(m, contenders);
    const resultOnly = medianOf(m, 'tandem (result only)');
    if (mine === undefined || best === undefined) missing(target);
    else
      out.push({
        target,
        figure: `${f(mine, 3)} ms = ${f(mine / best.value)} × ${best.id}`,
        verdict: judge(mine <= 0.2 * best.value),
        why: WHY.toolCall(k, resultOnly === undefined ? undefined : resultOnly / best.value),
      });
  }
  {
    const target = 'per-call overhead: ≤ 0.3 × fastest peer, each SDK on its fastest honest path';
    const m = metrics.find((metric) => metric.section.startsWith('1.') && metric.name.startsWith('per-call overhead'));
    const mine = m === undefined ? undefined : bestOf(m, contenders, 'tandem');
    const best = m === undefined ? undefined : bestOf(m, contenders, 'peer');
    if (mine === undefined || best === undefined) missing(target);
    else out.push({ target, figure: `${f(mine.value, 1)} µs (${mine.id}) = ${f(mine.value / best.value)} × ${best.id} ${f(best.value, 1)} µs`, verdict: judge(mine.value <= 0.3 * best.value) });
  }
  {
    const pairs = config.perCallSlopes;
    const slope = (pair: readonly [number, number] | undefined, id: string): number | undefined =>
      pair === undefined ? undefined : medianOf(find(metrics, '1b.', `per call, K=${pair[0]}→${pair[1]} slope`), id);
    const [small, large] = [pairs[0], pairs.at(-1)];
    const label = (pair: readonly [number, number] | undefined): string => (pair === undefined ? '?' : `${pair[0]}→${pair[1]}`);
    const floorTarget = `per call, async tool (K=${label(large)} slope): ≤ 3 × the floor of one async call`;
    const mine = slope(large, 'tandem');
    const floor = slope(large, 'floor');
    if (mine === undefined || floor === undefined) missing(floorTarget);
    else out.push({ target: floorTarget, figure: `${f(mine, 2)} µs = ${f(mine / floor)} × floor ${f(floor, 2)} µs`, verdict: judge(mine <= 3 * floor), why: WHY.perCallFloor });
    const flatTarget = `flat per-call slope, async tool: K=${label(large)} ≤ 1.25 × K=${label(small)}`;
    const first = slope(small, 'tandem');
    if (mine === undefined || first === undefined) missing(flatTarget);
    else out.push({ target: flatTarget, figure: `${f(mine, 2)} µs vs ${f(first, 2)} µs = ${f(mine / first)}×`, verdict: judge(mine <= 1.25 * first), why: WHY.flatSlope });
  }
  {
    const target = 'streaming: ≥ 3 × fastest peer and ≥ 0.9 × floor throughput';
    const m = find(metrics, '2.', '');
    const mine = medianOf(m, 'tandem');
    const best = m && fastestPeer(m, contenders);
    const floor = medianOf(m, 'floor');
    if (mine === undefined || best === undefined || floor === undefined) missing(target);
    else
      out.push({
        target,
        figure: `${f(mine, 0)}/s = ${f(mine / best.value)} × ${best.id}, ${f(mine / floor)} × floor`,
        verdict: judge(mine >= 3 * best.value && mine >= 0.9 * floor),
        why: streamingWhy(mine, best, floor),
      });
  }
  {
    const target = `${config.concurrentTools} × ${config.toolWaitMs} ms tools done within ${f(config.toolWaitMs * 1.1, 1)} ms`;
    const mine = medianOf(find(metrics, '3.', ''), 'tandem');
    if (mine === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 1)} ms`, verdict: judge(mine <= config.toolWaitMs * 1.1) });
  }
  {
    const target = `${config.agents.toLocaleString('en-US')} finished agents ≤ ${f(2 * (config.agents / 1000))} MB of heap`;
    const mine = medianOf(find(metrics, '4.', 'heap of'), 'tandem');
    if (mine === undefined) missing(target);
    else out.push({ target, figure: `${f(mine)} MB`, verdict: judge(mine <= 2 * (config.agents / 1000)) });
  }
  {
    const target = 'idle session (agent + 4-message history): ≤ 0.5 × the best peer';
    const m = find(metrics, '4.', IDLE_SESSION);
    const mine = medianOf(m, 'tandem');
    const best = m && fastestPeer(m, contenders);
    if (mine === undefined || best === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 0)} bytes = ${f(mine / best.value)} × ${best.id} ${f(best.value, 0)} bytes`, verdict: judge(mine <= 0.5 * best.value), why: WHY.idleSession });
  }
  {
    const target = `no heap growth over ${config.leakSteps.toLocaleString('en-US')} steps (≤ 64 KB, GC noise)`;
    const mine = medianOf(find(metrics, '4.', 'heap growth'), 'tandem');
    if (mine === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 0)} KB`, verdict: judge(mine <= 64) });
  }
  {
    const target = '`@tandem/core` import ≤ fastest peer';
    const m = find(metrics, '5.', 'import time');
    const mine = medianOf(m, 'tandem');
    const best = m && fastestPeer(m, contenders);
    if (mine === undefined || best === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 1)} ms vs ${best.id} ${f(best.value, 1)} ms`, verdict: judge(mine <= best.value) });
  }
  {
    const target = 'SQLite session store: appending a message ≤ 1 ms p50';
    const m = find(metrics, '9.', 'append one message');
    const cell = m?.cells.get('sqlite (synchronous normal)');
    if (cell?.kind !== 'value') missing(target);
    else out.push({ target, figure: `${f(cell.summary.median, 3)} ms p50 (p90 ${f(cell.summary.p90, 3)} ms)`, verdict: judge(cell.summary.median <= 1) });
  }
  {
    const target = `slidingWindow prepare on a ${config.contextHistory.toLocaleString('en-US')}-message history ≤ 1 ms`;
    const m = metrics.find((metric) => metric.section.startsWith('13.') && metric.name.includes('estimates cached'));
    const cell = m?.cells.get('tandem');
    if (cell?.kind !== 'value') missing(target);
    else out.push({ target, figure: `${f(cell.summary.median, 3)} ms p50 (p90 ${f(cell.summary.p90, 3)} ms)`, verdict: judge(cell.summary.median <= 1) });
  }
  for (const k of config.toolCallCounts) {
    const m = find(metrics, '10.', `K=${k}: time per run`);
    const bare = medianOf(m, 'tandem');
    const traced = medianOf(m, 'tandem + otel()');
    const byHand = medianOf(m, SPANS_BY_HAND);
    const sampledOut = medianOf(m, 'tandem + otel(), sampled out');
    const glue = `otel() ≤ 1.1 × the same spans made by hand with the SDK, K=${k} (time per run)`;
    if (traced === undefined || byHand === undefined) missing(glue);
    else {
      const vsBare = bare === undefined ? '' : `; +${f((traced / bare - 1) * 100, 1)}% over no telemetry`;
      out.push({ target: glue, figure: `${f(traced, 3)} ms vs ${f(byHand, 3)} ms = ${signed((traced / byHand - 1) * 100)}%${vsBare}`, verdict: judge(traced <= 1.1 * byHand), why: WHY.otelGlue });
    }
    const sampled = `otel() sampled out (ParentBased(TraceIdRatio(0))) ≤ 1.05 × no telemetry, K=${k} (time per run)`;
    if (sampledOut === undefined || bare === undefined) missing(sampled);
    else out.push({ target: sampled, figure: `${f(sampledOut, 3)} ms vs ${f(bare, 3)} ms = ${signed((sampledOut / bare - 1) * 100)}%`, verdict: judge(sampledOut <= 1.05 * bare), why: WHY.otelSampledOut });
  }
  for (const m of metrics.filter((metric) => metric.section.startsWith('11.') && metric.name.startsWith('import: '))) {
    const [tandem, ai] = m.name.slice('import: '.length).split(' — ')[0]!.split(' vs ');
    const target = `\`${tandem}\` import ≤ \`${ai}\``;
    const mine = medianOf(m, 'tandem');
    const theirs = medianOf(m, 'ai');
    if (mine === undefined || theirs === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 1)} ms vs ${f(theirs, 1)} ms`, verdict: judge(mine <= theirs) });
  }
  for (const direction of ['caller → agent', 'agent → caller']) {
    const target = `phone bridge, ${direction}: p99 ≤ 1 ms per 20 ms frame`;
    const mine = medianOf(find(metrics, '12.', `${direction}, per 20 ms frame`), 'tandem');
    if (mine === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 4)} ms`, verdict: judge(mine <= 1) });
  }
  {
    const target = 'phone calls: ≥ 50 concurrent calls on one core (demo voice model)';
    const mine = medianOf(find(metrics, '12.', 'concurrent calls per core'), 'tandem');
    if (mine === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 0)} calls per core`, verdict: judge(mine >= 50) });
  }
  for (const m of metrics.filter((metric) => metric.section.startsWith('14.'))) {
    const target = `\`@tandem/ui\` UI message chunks ${m.name.split(' (')[0]} ≤ \`ai\`'s toUIMessageStream`;
    const mine = medianOf(m, 'tandem');
    const theirs = medianOf(m, 'ai');
    if (mine === undefined || theirs === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 0)} ns vs ${f(theirs, 0)} ns`, verdict: judge(mine <= theirs) });
  }
  {
    const target = 'browser build of `@tandem/core` + `@tandem/tools` ≤ 40 kB min+gzip at start (zod excluded)';
    const mine = medianOf(find(metrics, '15.', '@tandem/core + @tandem/tools:'), 'tandem');
    // A size is exact, not a noisy timing: it is judged in quick mode too.
    const minimal = medianOf(find(metrics, '15.', 'a minimal agent'), 'tandem');
    if (mine === undefined) missing(target);
    else out.push({ target, figure: `${f(mine, 1)} kB`, verdict: mine <= 40 ? 'met' : 'missed', why: WHY.bundle(mine, minimal) });
  }
  return out;
}

/** The lowest median of the rows of one kind. */
function bestOf(metric: Metric, contenders: readonly Contender[], kind: Contender['kind']): { id: string; value: number } | undefined {
  let best: { id: string; value: number } | undefined;
  for (const contender of contenders) {
    if (contender.kind !== kind) continue;
    const value = medianOf(metric, contender.id);
    if (value !== undefined && (best === undefined || value < best.value)) best = { id: contender.id, value };
  }
  return best;
}
