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

/** The other families: the analysis of where the remaining time or bytes go (see the issue notes for the profiles). */
export const WHY = {
  toolCall: (k: number, resultOnlyRatio: number | undefined): string =>
    `The row iterates every event; \`ai (generate)\` is the peer's non-streaming path. Tandem's own fastest honest path, ` +
    `result only, is ${resultOnlyRatio === undefined ? 'not measured' : `${f(resultOnlyRatio)} ×`} the peer at K=${k}. ` +
    'What is left is per-call cost (see the per-call row below) plus per-run setup; meeting 0.2 × with events needs the per-call path cut further.',
  perCallFloor:
    'The floor is an async function, one Promise.all slot and one result object. Each Tandem call also builds a tool-call ' +
    'event, a result event and a tool-result message part, checks cancellation and concurrency, and records the result in history; ' +
    'those objects are the contract. Reaching 3 × the floor would mean emitting no per-call events and recording results in bulk.',
  idleSession:
    'An idle Tandem agent keeps its messages in the documented `Message` shape (role, id, parts array, part objects); `ai` keeps ' +
    'plain `{ role, content }` objects. Meeting 0.5 × would need a packed message store behind the public shape.',
  otelGlue:
    'The glue maps each run, model call and tool call onto spans with the GenAI attributes the package documents; the by-hand row ' +
    'creates the same spans with the same attributes directly.',
  otelSampledOut:
    'A sampled-out span still costs the SDK\'s sampler call and a non-recording span per run, model call and tool call.',
  bundle:
    'The main entries carry every feature of the agent loop; optional parts behind subpaths would leave a plain agent smaller.',
} as const;
