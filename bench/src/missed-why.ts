/**
 * Why a target is missed, and what meeting it would take: one explanation per target family, printed under the
 * targets table for each missed target (DESIGN's bench rule: a missed target says why and what it would take).
 * Figures in the text come from the same run where they can; the rest is the analysis behind them.
 */

function f(value: number, digits = 2): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** Streaming: ≥ 3 × the fastest peer and ≥ 0.9 × the floor cannot both hold when the floor is under 3 × that peer. */
export function streamingWhy(tandem: number, peer: { id: string; value: number }, floor: number): string {
  const needed = 3 * peer.value;
  if (floor < needed) {
    return (
      `3 × ${peer.id} is ${f(needed, 0)} deltas/s, above the floor itself (${f(floor, 0)}/s: bare async generators passing each delta ` +
      `from the model to the consumer, no agent at all, = ${f(floor / peer.value)} × ${peer.id}). No loop that hands each delta to the ` +
      `consumer through an async iterator can pass the floor; Tandem is at ${f(tandem / floor)} × it, so only batching deltas ` +
      `(changing what a consumer sees per delta) would meet the peer ratio. The floor half of the target is the binding one.`
    );
  }
  return `Tandem streams ${f(tandem, 0)}/s = ${f(tandem / floor)} × the floor; meeting 3 × ${peer.id} needs ${f(needed, 0)}/s (the per-delta path: event object, queue push, iterator step).`;
}

/** The other families: where the remaining time or bytes go, from profiles of this batch (CPU profiles, callgrind, heap snapshots). */
export const WHY = {
  toolCall: (k: number, resultOnlyRatio: number | undefined): string =>
    `The row iterates every event, against \`ai (generate)\`, the peer's non-streaming path; Tandem's own non-streaming path, ` +
    `result only, is ${resultOnlyRatio === undefined ? 'not measured' : `${f(resultOnlyRatio)} ×`} the peer at K=${k}. ` +
    'At K=1 per-run setup dominates (a K=1 profile: AbortController creation and listeners ~9%, GC ~23%, the rest run state, ' +
    'event queue, ids and two model calls); at larger K it is the per-call cost below. What it would take: link the step\'s ' +
    'abort controller only when a group gets its first call (one controller and listener fewer per step, the final text step ' +
    'included), and the per-call cuts below.',
  perCallFloor:
    'The floor is an async function, one Promise.all slot and one result object. A Tandem call is also three streamed model ' +
    'parts (each an async-generator step), five contract events (tool-start, tool-delta, tool-end, tool-call-start, ' +
    'tool-call-result; when iterated, each costs the reader a microtask), a parsed input, a history part and a result part: ' +
    'about 25 allocations and 8 promise steps, which alone put the limit near 2–3 µs, and GC is ~25% of what is left. This batch ' +
    'made the call path one continuation (no hooks, retries or timeout: the tool\'s promise is awaited once and raced against ' +
    'the group\'s single abort listener) and cut the per-call allocations: −28% CPU per K=100 run with events, −42–51% result ' +
    'only (interleaved, CPU time). What 3 × the floor would take: a floor that includes the streamed parts (as workload 1\'s ' +
    'does), or fewer events per call (no tool-delta for a call that arrives whole), a contract change; next cuts worth ' +
    '0.3–1 µs each: count outstanding calls instead of a running set, reuse the attempt object as the nested-run link, skip ' +
    'the abort check on every model part.',
  flatSlope:
    'The K=1→10 slope is nine calls of difference, within the noise of a timing run; the K=100→400 slope also grows with ' +
    'GC over larger heaps (a result-only run keeps up to 10,000 events for a reader who starts late, ~2,000 at K=400, plus ' +
    'the run\'s sets and maps of started calls, outcomes and results). What it would take: keeping no events for a run ' +
    'nobody iterates (a contract change), and measuring the small slope over more calls.',
  idleSession:
    'This batch cut it ~28% (one shared tool catalog per tool list, handoff bookkeeping only for agents with handoffs, the ' +
    'tool-call part as one literal; the `ai` row now keeps every step\'s messages, as a chat does). A heap snapshot puts ' +
    'what is left at the Agent object (64 B), the harness wrapper (72 B) and the 4-message history in the `Message` shape ' +
    '(DESIGN §2: role, id, a parts array, part objects), ~765 B; even exact-size literals of that shape cost 752 B, over the ' +
    'whole 0.5 × budget. Meeting it would take a packed history shared across sessions and turned back into messages only ' +
    'when read, i.e. a change to what `agent.messages` holds; plain string content for text-only messages would reach ~0.6 ×.',
  otelGlue:
    'This batch made each span one object (no closures, no Set of open children per parent: an intrusive list) and ' +
    'serializes content only for spans that record; the by-hand row now records what otel() records (mapped finish ' +
    'reasons, the answering model on every chat span). By instruction count (callgrind, steady state) the glue is +7.6% ' +
    'over by hand at K=1, and in one interleaved process +0.9% at K=1 and below by hand at K=100; a figure over 10% here is ' +
    'the noise of one timing run. What would cut the rest: core building no info objects for a run whose span does not ' +
    'record (`Telemetry.startRun` returning nothing for it).',
  otelSampledOut:
    'By instruction count a sampled-out run now costs ~3% over no telemetry (25.4k instructions per K=1 run, of an ' +
    '~824k-instruction run); nearly all of it is the SDK\'s own sampler and trace-id generation (TraceIdRatioBasedSampler, ' +
    'the id generator and hex formatting: ~50% of a sampled-out startSpan). A figure over 5% here is timing noise at this ' +
    'size (0.1 ms per run). What would cut the rest: `Telemetry.startRun` returning nothing for an unsampled run, so core ' +
    'takes its no-telemetry path.',
  bundle: (total: number, minimal: number | undefined): string =>
    'The figure is what an app loads at start; the JSON Schema validator (`@cfworker/json-schema`, ~7.5 kB) and the code ' +
    'that writes `summarize()`\'s summaries (~1.2 kB) are chunks of their own, loaded when first needed. Leaving a module ' +
    'out of an esbuild build of the rest shows what each costs at start: `tokenx` (the token estimator DESIGN names, ' +
    'behind the exported, synchronous `estimateMessageTokens`) ~1.3 kB, the tools\' definition-time JSON Schema check ' +
    '~1.2 kB, the Agent\'s option checks ~1 kB, the handoff switch ~0.9 kB, message JSON ~0.6 kB, each of them something ' +
    'a user relies on. ' +
    (minimal === undefined
      ? ''
      : `A minimal agent (Agent, userMessage, tool, stop) is ${f(minimal, 1)} kB (row 15); the exports beyond it add ` +
        `${f(total - minimal, 1)} kB. `) +
    'What meeting it again would take: moving more code that runs rarely, and only after an await, behind an `import()` ' +
    'that shares nothing with the start chunk (a shared chunk is a second gzip stream and costs more than it saves), or ' +
    'cutting code from core without dropping a check or a message that says what to do. tests/runtimes keeps the budget.',
} as const;
