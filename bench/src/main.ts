import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { cpus, release, type as osType } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { parseArgs } from 'node:util';
import { FULL, QUICK } from './config.js';
import { takesPart, type Contender } from './contender.js';
import { aiSdkContender, aiSdkGenerateContender } from './contenders/ai-sdk.js';
import { floorContender } from './contenders/floor.js';
import { openAiAgentsContender, openAiAgentsDirectContender } from './contenders/openai-agents.js';
import { strandsContender, strandsInvokeContender } from './contenders/strands.js';
import { tandemContender, tandemResultOnlyContender } from './contenders/tandem.js';
import { BENCH_DIR, NODE_MAJOR, ROOT_DIR } from './paths.js';
import { NATIVE_WORKLOADS, runOnNode, writeMetrics } from './native-run.js';
import { renderReport } from './report.js';
import type { Metric } from './results.js';
import { checkTargets } from './targets.js';
import { coldStart } from './workloads/cold-start.js';
import { installSize } from './workloads/install-size.js';
import { memory } from './workloads/memory.js';
import { mcpOverhead } from './workloads/mcp.js';
import { bidiLatency } from './workloads/bidi.js';
import { durableOverhead } from './workloads/durable.js';
import { leanImports } from './workloads/lean-imports.js';
import { concurrency, streamingThroughput, toolCallOverhead } from './workloads/timing.js';
import { tandemMcpCallers } from './workloads/tandem-mcp.js';
import { sessionStores } from './workloads/sessions.js';
import { tracingOverhead } from './workloads/tracing.js';
import { perCallCost } from './workloads/per-call.js';
import { phoneBridge } from './workloads/phone.js';
import { contextManagement } from './workloads/context.js';
import { uiStreams } from './workloads/ui-streams.js';
import { browserBundle } from './workloads/browser-bundle.js';

const { values } = parseArgs({
  // `pnpm bench -- --quick` may hand the script a literal `--`.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    only: { type: 'string' },
    // The Node the native addons were built for (better-sqlite3): its workloads run there when it is not this one.
    'native-node': { type: 'string' },
    // Write the metrics as JSON to this file instead of a report (a child run for `native-node`).
    'metrics-out': { type: 'string' },
  },
});

const config = values.quick === true ? QUICK : FULL;
const only = values.only === undefined ? undefined : new Set(values.only.split(',').map((s) => s.trim()));
const wanted = (n: number): boolean => only === undefined || only.has(String(n));
const outPath = values.out ?? (config.quick ? 'results/quick.md' : 'results/latest.md');
const started = performance.now();

const contenders: Contender[] = [
  floorContender(),
  tandemContender(),
  tandemResultOnlyContender(),
  aiSdkContender(),
  aiSdkGenerateContender(),
  strandsContender(),
  strandsInvokeContender(),
  openAiAgentsContender(),
  openAiAgentsDirectContender(),
];
/** The rows that take part in workload `n`. */
const rows = (n: number): Contender[] => contenders.filter((contender) => takesPart(contender, n));
const metrics: Metric[] = [];

const nativeNode = values['native-node'];
/** Whether `nativeNode` is another Node than this one (then the native workloads run on it). */
const nativeElsewhere = nativeNode !== undefined && nativeNode !== '' && realpathSync(nativeNode) !== realpathSync(process.execPath);

async function step(n: number, label: string, fn: () => Promise<Metric[]>): Promise<void> {
  if (!wanted(n)) return;
  const t = performance.now();
  process.stderr.write(`bench: ${n}. ${label}…`);
  if (nativeElsewhere && NATIVE_WORKLOADS.has(n)) {
    process.stderr.write(` on ${nativeNode}, which its native addon was built for:\n`);
    metrics.push(...runOnNode(nativeNode, n, config.quick));
  } else metrics.push(...(await fn()));
  process.stderr.write(` ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
}

await step(1, 'tool-call overhead', () => toolCallOverhead(rows(1), config));
await step(1, 'per-call cost against the floor', () => perCallCost(rows(1).filter((contender) => contender.kind === 'tandem'), config));
await step(2, 'streaming throughput', () => streamingThroughput(rows(2), config));
await step(3, 'concurrency', () => concurrency(rows(3), config));
await step(4, 'memory', () => memory(rows(4), config));
await step(5, 'cold start', () => coldStart(rows(5), config));
await step(5, 'install size', () => installSize(rows(5), config));
await step(6, 'MCP', () => mcpOverhead(config, tandemMcpCallers()));
await step(7, 'bidi', () => bidiLatency(config));
await step(8, 'durable runs (Restate)', () => durableOverhead(config));
await step(9, 'sessions', () => sessionStores(config));
await step(10, 'tracing overhead', () => tracingOverhead(config));
await step(11, 'lean imports', () => leanImports(config));
await step(12, 'phone bridge', () => phoneBridge(config));
await step(13, 'context management', () => contextManagement(config));
await step(14, 'UI message streams', () => uiStreams(config));
await step(15, 'browser bundle size', () => browserBundle());

if (values['metrics-out'] !== undefined) {
  writeMetrics(values['metrics-out'], metrics);
  process.exit(0);
}

function gitCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages/core', 'packages/mcp', 'packages/bidi', 'packages/restate'], { cwd: ROOT_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty === '' ? sha : `${sha} (+ uncommitted changes in core/mcp/bidi/restate)`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

const cpuList = cpus();
const info = {
  date: new Date().toISOString(),
  node: process.version,
  commit: gitCommit(),
  cpu: `${cpuList[0]?.model ?? 'unknown'} × ${cpuList.length}`,
  os: `${osType()} ${release()} ${process.arch}`,
  mode: config.quick ? '--quick (tiny sizes, one run each: proves the bench works, numbers mean nothing)' : 'full',
  seconds: (performance.now() - started) / 1000,
};
const notes = [
  `Runtime: the full suite runs under Node 22 from npm (\`pnpm bench\` starts it with \`npx -y node@22\`), because the current peers declare Node ≥ 22 (\`ai\` 7, \`@strands-agents/sdk\` 1.19, and \`@openai/agents\` 0.20 through \`openai\` 7); every contender runs in that one process. This run: Node ${process.versions.node}${NODE_MAJOR < 22 ? ' — below what the peers declare: a row that fails here is marked skipped, not broken, and its figures are not the reference ones' : ''}.`,
  'Peers are their current releases, pinned exactly; the older releases (`ai` 6.0.326, Strands 1.16, OpenAI Agents 0.14.3) are no longer rows: the bench measures what users install today. `ai` 7 is installed under the alias `ai7` (the lean-imports rows still compare with the `ai` 6 line of `@ai-sdk/*`).',
  ...(nativeElsewhere && [...NATIVE_WORKLOADS].some(wanted) ? [`Workload${NATIVE_WORKLOADS.size > 1 ? 's' : ''} ${[...NATIVE_WORKLOADS].join(', ')} (Tandem only: the SQLite session store) ran in a child process on ${nativeNode} (Node ${execFileSync(nativeNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()}), the Node its native addon better-sqlite3 was built for.`] : []),
  'Strands and the OpenAI Agents SDK ship no fake model; the bench implements their documented `Model` contracts minimally (replaying precomputed events). The AI SDK uses its own `MockLanguageModelV4` + `simulateReadableStream`; Tandem its `ScriptedModel`.',
  'Every tool gets a plain JSON Schema and no SDK validates it (no zod anywhere), so tool-call figures compare loops, not validators.',
  'Ratios divide medians: for ↓ metrics lower is better, for ↑ metrics higher is better. "fastest peer" is the best of ai / strands / openai-agents in that row.',
  'Memory: heap after `global.gc()` (`--expose-gc`). Finished agents are kept as a user would keep them (the agent plus its conversation). The leak loop reuses one agent for runs of one tool call and an answer (2 model steps each); a Strands agent keeps its conversation, so it is cleared before each run.',
  'Install size: with `--quick`, or when the registry is unreachable, the dependency closure found in this workspace\'s node_modules (pnpm layout) stands in for `npm install <sdk>` into an empty folder.',
];
// With --only, the targets of workloads that did not run are left out rather than listed as pending.
const targets = checkTargets(metrics, contenders, config).filter((target) => only === undefined || target.figure !== 'not measured');
const report = renderReport(info, contenders, metrics, targets, notes);
const file = isAbsolute(outPath) ? outPath : join(BENCH_DIR, outPath);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, report);
process.stdout.write(`${report}\n`);
process.stderr.write(`bench: wrote ${file}\n`);

const failures = metrics.flatMap((metric) =>
  [...metric.cells].flatMap(([id, cell]) => (cell.kind === 'error' ? [`${metric.section} / ${metric.name} / ${id}: ${cell.reason}`] : [])),
);
if (failures.length > 0) {
  process.stderr.write(`bench: ${failures.length} measurement(s) failed — the bench no longer works for them:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
  process.exitCode = 1;
}
