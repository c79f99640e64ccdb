import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { finishPart, textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';
import { approvalResponse } from '../messages/approval-response.js';
import { memorySessionStore } from '../session/memory-session-store.js';
import type { AgentRun } from './agent-types.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';
import type { FinishReason } from '../spec/language-model/v1/usage.js';
import type { Tool } from '../tool-definition/tool.js';
import type { Guardrail } from '../guardrails/guardrail.js';
import { ManualClock } from '../testing/clock.js';

/**
 * What a call does when it runs. `dup`: the provider repeats the previous call's id in the same response (it
 * runs and is answered once). `stuck`: a `beforeToolCall` hook that never settles holds the call (only a
 * cancel ends the run, after `cancelGraceMs`).
 */
type CallKind = 'ok' | 'throw' | 'deaf' | 'stop' | 'pending' | 'unknown' | 'bad-json' | 'approval' | 'dup' | 'stuck' | 'handoff-a' | 'handoff-b';
/** How a response ends. */
type Ending = FinishReason | 'fail';
/** What the driver does at one tick. */
type Action = { readonly type: 'release'; readonly index: number } | { readonly type: 'cancel' } | { readonly type: 'defer' } | { readonly type: 'answer'; readonly index: number; readonly approve: boolean } | { readonly type: 'tick' };

interface Scenario {
  readonly groups: readonly { readonly calls: readonly CallKind[]; readonly ending: Ending }[];
  readonly actions: readonly Action[];
  readonly eager: boolean;
  readonly concurrency: number | undefined;
  /** `'interrupt'`: paused runs are resumed (with the answers below) until they end another way. */
  readonly mode: 'wait' | 'interrupt';
  /** Resume through a memory session (just the responses) instead of passing the whole history. */
  readonly session: boolean;
  /** Resume with a new Agent each time (as a new process would). */
  readonly freshAgent: boolean;
  /** The answer given to each interruption, in turn (`skip`: left for a later resume). */
  readonly answers: readonly ('approve' | 'deny' | 'skip')[];
  /** The resume (0-based) during which the run is cancelled at once, if any. */
  readonly cancelResume: number;
  /** An input guardrail whose verdict comes when a `release` or the end lets it (`trip`: it trips). */
  readonly input: 'none' | 'pass' | 'trip';
  /** Whether that guardrail runs before the model is called. */
  readonly blocking: boolean;
  /** An output guardrail on the final answer (`trip-replace`: it trips with a replacement). */
  readonly output: 'none' | 'pass' | 'trip' | 'trip-replace';
  /** Agents `a` (the entry) and `b` hand off to each other; without, transfer calls are unknown tools. */
  readonly handoffs: boolean;
}

const callKind = fc.constantFrom<CallKind>('ok', 'ok', 'ok', 'throw', 'deaf', 'stop', 'pending', 'unknown', 'bad-json', 'approval', 'dup', 'stuck', 'handoff-a', 'handoff-b');
const ending = fc.constantFrom<Ending>('tool-calls', 'tool-calls', 'tool-calls', 'tool-calls', 'length', 'content-filter', 'fail');
const action = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('release' as const), index: fc.nat(15) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'defer' as const }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('answer' as const), index: fc.nat(15), approve: fc.boolean() }) },
  { weight: 3, arbitrary: fc.constant({ type: 'tick' as const }) },
);
const scenario: fc.Arbitrary<Scenario> = fc.record({
  groups: fc.array(fc.record({ calls: fc.array(callKind, { minLength: 0, maxLength: 5 }), ending }), { minLength: 1, maxLength: 3 }),
  actions: fc.array(action, { maxLength: 14 }),
  eager: fc.boolean(),
  concurrency: fc.constantFrom(undefined, 1, 2),
  mode: fc.constantFrom('wait' as const, 'interrupt' as const),
  session: fc.boolean(),
  freshAgent: fc.boolean(),
  answers: fc.array(fc.constantFrom('approve' as const, 'deny' as const, 'skip' as const), { maxLength: 8 }),
  cancelResume: fc.nat(12),
  input: fc.constantFrom('none' as const, 'none' as const, 'pass' as const, 'trip' as const),
  blocking: fc.boolean(),
  output: fc.constantFrom('none' as const, 'none' as const, 'pass' as const, 'trip' as const, 'trip-replace' as const),
  handoffs: fc.boolean(),
});

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface Outcome {
  readonly settled: 'resolved' | 'rejected' | 'hung';
  readonly stopReason?: string;
  readonly messages: readonly Message[];
  readonly events: readonly AgentEvent[];
  readonly pendingIds: ReadonlySet<string>;
  /** Calls whose tool began to run. */
  readonly started: ReadonlySet<string>;
  /** A stop tool ran (so a run ending with toolUse would have forgotten its deferred end). */
  readonly stopRan: boolean;
  readonly eager: boolean;
  /** How many times each call's tool began to run, over every run and resume. */
  readonly runs: ReadonlyMap<string, number>;
  /** The calls of the first response (which an input tripwire keeps from running). */
  readonly firstCalls: readonly string[];
  readonly input: Scenario['input'];
}

/**
 * Which way the calls run: `hooked` (a `beforeToolCall` hook on every call, which `stuck` calls need),
 * `fast` (no hooks and tools without retry or timeout: the runtime's fast path), `slow` (the same, but every
 * tool has a retry policy that never retries: the general path, which must give the same outcome).
 */
type Variant = 'hooked' | 'fast' | 'slow';

/** Gives a tool a retry policy that never retries: the call takes the general path and ends as it would on the fast one. */
const viaGeneralPath = (tool: Tool): Tool =>
  tool.kind === 'function' && tool.execute !== undefined ? { ...tool, config: { retry: { maxAttempts: 2, retryOn: () => false } } } : tool;

/** Plays one scenario to its end (or gives up after a bounded number of ticks). */
async function play(s: Scenario, variant: Variant = 'hooked'): Promise<Outcome> {
  const gates = new Map<string, () => void>();
  const pendingIds = new Set<string>();
  const started = new Set<string>();
  let stopRan = false;
  const runs = new Map<string, number>();
  const begin = (id: string): void => {
    started.add(id);
    runs.set(id, (runs.get(id) ?? 0) + 1);
  };
  const wait = (id: string, signal: AbortSignal | undefined): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      begin(id);
      gates.set(id, resolve);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  const given: Tool[] = [
    fnTool('ok', async (_input, ctx) => {
      await wait(ctx.toolCallId, ctx.signal);
      return 'fine';
    }),
    fnTool('throw', async (_input, ctx) => {
      await wait(ctx.toolCallId, ctx.signal);
      throw new Error('boom');
    }),
    // Ignores its signal: only a release ends it (core must not wait for it after a cancel).
    fnTool('deaf', async (_input, ctx) => {
      await wait(ctx.toolCallId, undefined);
      return 'late';
    }),
    fnTool('stop', (_input, ctx) => {
      begin(ctx.toolCallId);
      stopRan = true;
      ctx.agent.cancel({ afterCurrentTools: true, message: 'Stopped by tool.' });
      return 'stopping';
    }),
    { kind: 'function', name: 'pending', description: 'For the caller.', inputSchema: { type: 'object' } },
    fnTool('stuck', (_input, ctx) => {
      begin(ctx.toolCallId);
      return 'unreachable';
    }),
    {
      ...fnTool('approval', (_input, ctx) => {
        begin(ctx.toolCallId);
        return 'approved work';
      }),
      needsApproval: true,
    },
  ];
  const tools = variant === 'slow' ? given.map(viaGeneralPath) : given;
  const responses: ModelStreamPart[][] = [];
  const firstCalls: string[] = [];
  let callNumber = 0;
  for (const group of s.groups) {
    let previous: { name: string; id: string } | undefined;
    const calls = group.calls.map((kind) => {
      if (kind === 'dup' && previous !== undefined) return previous;
      const id = `c${++callNumber}`;
      if (group === s.groups[0]) firstCalls.push(id);
      if (kind === 'dup') return (previous = { name: 'ok', id });
      if (kind === 'pending') pendingIds.add(id);
      if (kind === 'unknown') return { name: 'missing', id };
      if (kind === 'bad-json') return { name: 'ok', id, toolArgs: '{not json' };
      // A transfer to the agent that is already active is an unknown tool (each agent only has the other's).
      if (kind === 'handoff-a' || kind === 'handoff-b') return (previous = { name: `transfer_to_${kind.slice(-1)}`, id });
      return (previous = { name: kind, id });
    });
    if (group.ending === 'fail') {
      const parts = toolCallResponse(calls).filter((part) => part.type !== 'finish');
      responses.push([...parts, { type: 'text-start', blockId: 'x' }]); // ends without finish: IncompleteResponseError
    } else {
      responses.push([...toolCallResponse(calls).filter((part) => part.type !== 'finish'), finishPart(group.ending)]);
    }
  }
  for (let i = 0; i < 4; i++) responses.push(textResponse('done'));
  const model = new ScriptedModel({ responses });
  const session = s.session ? { store: memorySessionStore(), id: 'property' } : undefined;
  // The input verdict waits on a gate like a tool does: a `release` or the end of the drive gives it.
  const input: Guardrail = {
    name: 'input',
    blocking: s.blocking,
    check: () => new Promise((resolve) => gates.set('guardrail', () => resolve({ tripwire: s.input === 'trip', reason: 'tripped' }))),
  };
  const output: Guardrail = {
    name: 'output',
    check: () => ({ tripwire: s.output !== 'pass', ...(s.output === 'trip-replace' ? { replaceWith: 'redacted' } : {}) }),
  };
  const guardrails = { ...(s.input === 'none' ? {} : { input: [input] }), ...(s.output === 'none' ? {} : { output: [output] }) };
  // A cancel waits for a stuck hook no longer than the grace: 0 ms on a clock each tick advances.
  const clock = new ManualClock();
  const never = new Promise<void>(() => undefined);
  const makeAgent = (): Agent => {
    const options = {
      tools,
      guardrails,
      clock,
      cancelGraceMs: 0,
      ...(variant === 'hooked' ? { hooks: { beforeToolCall: (event: { readonly toolCall: { readonly toolName: string } }) => (event.toolCall.toolName === 'stuck' ? never : undefined) } } : {}),
      approvals: s.mode,
      ...(session === undefined ? {} : { session }),
      toolExecution: { start: s.eager ? ('eager' as const) : ('after-response' as const), ...(s.concurrency === undefined ? {} : { concurrency: s.concurrency }) },
    };
    if (!s.handoffs) return new Agent(options);
    const backToA: Agent[] = [];
    const b = new Agent({ ...options, name: 'b', description: 'Agent b.', handoffs: backToA });
    const a = new Agent({ ...options, name: 'a', description: 'Agent a.', handoffs: [b] });
    backToA.push(a);
    return a;
  };
  let agent = makeAgent();
  const events: AgentEvent[] = [];
  const giveUpAt = s.groups.some((group) => group.calls.includes('stuck')) ? 30 : undefined;
  let played = await drive(agent, agent.run(model, 'go'), s.actions, events, gates, clock, giveUpAt);
  // Resume a paused run until it ends another way: some answers at a time, all of them after a few rounds.
  let answerIndex = 0;
  for (let resume = 0; played.settled === 'resolved' && played.stopReason === 'interrupted' && resume < 12; resume++) {
    const answers = played.interruptions.flatMap((id) => {
      const answer = resume >= 5 ? 'approve' : (s.answers[answerIndex++ % Math.max(1, s.answers.length)] ?? 'approve');
      return answer === 'skip' ? [] : [approvalResponse(id, answer === 'approve', 'no')];
    });
    if (s.freshAgent) agent = makeAgent();
    const input = session === undefined ? [...played.messages, ...answers] : answers;
    const run = agent.run(model, input);
    if (resume === s.cancelResume) agent.cancel();
    played = await drive(agent, run, [], events, gates, clock, giveUpAt);
  }
  return { ...played, events, pendingIds, started, stopRan, eager: s.eager, runs, firstCalls, input: s.input };
}

interface Played {
  readonly settled: Outcome['settled'];
  readonly stopReason?: string;
  readonly messages: readonly Message[];
  readonly interruptions: readonly string[];
}

/**
 * Drives one run through `actions`, then lets it finish (releasing every gate, approving every live wait;
 * a run a stuck hook still holds is cancelled, as a user would give up on it).
 */
async function drive(
  agent: Agent,
  run: AgentRun,
  actions: readonly Action[],
  events: AgentEvent[],
  gates: ReadonlyMap<string, () => void>,
  clock: ManualClock,
  giveUpAt = Number.POSITIVE_INFINITY,
): Promise<Played> {
  const order = [...gates.keys()];
  const own: AgentEvent[] = [];
  let settled: Outcome['settled'] | undefined;
  let stopReason: string | undefined;
  let messages: readonly Message[] = [];
  let interruptions: readonly string[] = [];
  const consumed = (async () => {
    try {
      for await (const event of run) {
        events.push(event);
        own.push(event);
      }
    } catch {
      // A failed model call ends iteration with its error.
    }
  })();
  run.result.then(
    (result) => {
      settled = 'resolved';
      stopReason = result.stopReason;
      messages = result.messages;
      interruptions = result.interruptions.map((request) => request.toolCallId);
    },
    () => {
      settled = 'rejected';
      messages = agent.messages;
    },
  );
  const approvals = (): string[] => own.flatMap((event) => (event.type === 'tool-approval-request' ? [event.toolCallId] : []));
  for (const step of actions) {
    await tick();
    if (clock.pending > 0) await clock.advance(0);
    const ids = [...gates.keys()].filter((id) => !order.includes(id));
    if (step.type === 'release') gates.get(ids[step.index % Math.max(1, ids.length)] ?? '')?.();
    if (step.type === 'cancel') agent.cancel();
    if (step.type === 'defer') agent.cancel({ afterCurrentTools: true });
    if (step.type === 'answer') {
      const waiting = approvals();
      const id = waiting[step.index % Math.max(1, waiting.length)];
      if (id !== undefined) {
        try {
          if (step.approve) run.approve(id);
          else run.deny(id, 'no');
        } catch {
          // Already answered or no longer waiting.
        }
      }
    }
  }
  for (let i = 0; i < 300 && settled === undefined; i++) {
    await tick();
    if (clock.pending > 0) await clock.advance(0);
    if (i === giveUpAt) agent.cancel();
    for (const release of gates.values()) release();
    for (const id of approvals()) {
      try {
        run.approve(id);
      } catch {
        // not waiting
      }
    }
  }
  if (settled !== undefined) await consumed;
  return { settled: settled ?? 'hung', ...(stopReason === undefined ? {} : { stopReason }), messages, interruptions };
}

function check(outcome: Outcome): void {
  expect(outcome.settled).not.toBe('hung');
  const calls: string[] = [];
  const results = new Map<string, number>();
  for (const message of outcome.messages) {
    for (const part of message.parts) {
      if (part.type === 'tool-call') calls.push(part.toolCallId);
      if (part.type === 'tool-result') results.set(part.toolCallId, (results.get(part.toolCallId) ?? 0) + 1);
    }
  }
  // No result is duplicated, and none belongs to a call that is not in history.
  for (const [id, count] of results) {
    expect({ id, count }).toEqual({ id, count: 1 });
    expect(calls).toContain(id);
  }
  // Every call has exactly one result — except calls pending for the caller when the run ends with toolUse.
  for (const id of calls) {
    if (results.has(id)) continue;
    expect({ id, stopReason: outcome.stopReason, pending: outcome.pendingIds.has(id) }).toEqual({ id, stopReason: 'toolUse', pending: true });
  }
  // Events: at most one tool-call-result per call, and every recorded result was reported.
  const reported = new Map<string, number>();
  for (const event of outcome.events) {
    if (event.type !== 'tool-call-result') continue;
    for (const result of event.results) reported.set(result.toolCallId, (reported.get(result.toolCallId) ?? 0) + 1);
  }
  for (const [id, count] of reported) expect({ id, count }).toEqual({ id, count: 1 });
  if (outcome.settled === 'resolved') for (const id of results.keys()) expect(reported.has(id)).toBe(true);
  // A result is reported only for a call that is in history or that began to run — under eager execution,
  // every call whose tool-end arrived — never for a call of a failed response that never ran.
  const startedEagerly = new Set(outcome.eager ? outcome.events.flatMap((event) => (event.type === 'tool-end' && !outcome.pendingIds.has(event.toolCall.toolCallId) ? [event.toolCall.toolCallId] : [])) : []);
  for (const id of reported.keys()) expect({ id, known: results.has(id) || outcome.started.has(id) || startedEagerly.has(id) }).toEqual({ id, known: true });
  // A stop tool's deferred end is never forgotten for calls pending for the caller.
  if (outcome.stopRan) expect(outcome.stopReason).not.toBe('toolUse');
  // Paused runs were resumed to an end; no tool ran twice, whatever paused, resumed or cancelled it.
  expect(outcome.stopReason).not.toBe('interrupted');
  for (const [id, count] of outcome.runs) expect({ id, count }).toEqual({ id, count: 1 });
  // An input tripwire lets no call of the first response run, eager or not, and ends the run (unless a cancel came first).
  if (outcome.input === 'trip') {
    for (const id of outcome.firstCalls) expect({ id, ran: outcome.started.has(id) }).toEqual({ id, ran: false });
    if (outcome.settled === 'resolved') expect(['guardrail', 'cancelled']).toContain(outcome.stopReason);
  }
  // Handoffs: each handoff event belongs to a transfer call whose one result says so; at most one transfer per response.
  const transferred = new Set<string>();
  for (const message of outcome.messages) {
    const transfers = message.parts.filter((part) => part.type === 'tool-result' && part.status === 'success' && String(part.result).startsWith('Transferred to '));
    expect(transfers.length).toBeLessThanOrEqual(1);
    for (const part of transfers) if (part.type === 'tool-result') transferred.add(part.toolCallId);
  }
  for (const event of outcome.events) {
    if (event.type !== 'handoff') continue;
    expect({ id: event.toolCallId, recorded: transferred.has(event.toolCallId) || outcome.settled === 'rejected' }).toEqual({ id: event.toolCallId, recorded: true });
  }
  // An approval call ran exactly when its result says it succeeded.
  for (const message of outcome.messages) {
    for (const part of message.parts) {
      if (part.type !== 'tool-result' || part.toolName !== 'approval') continue;
      expect({ id: part.toolCallId, ran: outcome.runs.has(part.toolCallId) }).toEqual({ id: part.toolCallId, ran: part.status === 'success' });
    }
  }
}

describe('Agent under random interleavings (property)', () => {
  it('every call gets exactly one result, none duplicated or lost, no tool runs twice, and every run ends — live, paused, resumed, guarded and handed off', async () => {
    let handoffRuns = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const outcome = await play(s);
        if (outcome.events.some((event) => event.type === 'handoff')) handoffRuns++;
        check(outcome);
      }),
      { numRuns: Number(process.env['TANDEM_PROPERTY_RUNS'] ?? 5_000), seed: 20261201, endOnFailure: true },
    );
    // The handoff moves were exercised: some runs really moved between agents.
    expect(handoffRuns).toBeGreaterThan(0);
  }, 600_000);

  // Calls ending at the same moment (a cancel) may be reported in another order: completion order has no
  // order among ties, and a fast call takes fewer microtasks than a call on the general path (an approval's).
  it('the fast path of a call (no hooks, no retry, no timeout) gives what the general path gives: the same results, history, and the events of each call in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const fast = await play(s, 'fast');
        const slow = await play(s, 'slow');
        check(fast);
        expect(comparable(fast)).toEqual(comparable(slow));
      }),
      { numRuns: Math.ceil(Number(process.env['TANDEM_PROPERTY_RUNS'] ?? 5_000) / 5), seed: 20261202, endOnFailure: true },
    );
  }, 600_000);
});

/** An outcome without what differs between two plays of one scenario by design (run ids, error objects' stacks). */
function comparable(outcome: Outcome): unknown {
  const strip = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === 'runId' ? undefined : inner instanceof Error ? `${inner.name}: ${inner.message}` : inner))) as unknown;
  const byCall = new Map<string, unknown[]>();
  const runLevel: unknown[] = [];
  for (const event of strip(outcome.events) as { toolCallId?: string; toolCall?: { toolCallId: string }; result?: { toolCallId: string } }[]) {
    const id = event.toolCallId ?? event.toolCall?.toolCallId ?? event.result?.toolCallId;
    if (id === undefined) runLevel.push(event);
    else byCall.set(id, [...(byCall.get(id) ?? []), event]);
  }
  return {
    settled: outcome.settled,
    stopReason: outcome.stopReason,
    messages: strip(outcome.messages),
    runLevel,
    byCall: [...byCall].sort(([a], [b]) => a.localeCompare(b)),
    started: [...outcome.started].sort(),
    runs: [...outcome.runs].sort(),
  };
}
