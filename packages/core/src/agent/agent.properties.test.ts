import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { finishPart, textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../test-utils/fixtures.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';
import type { FinishReason } from '../spec/language-model/v1/usage.js';
import type { Tool } from '../tool/tool.js';

/** What a call does when it runs. */
type CallKind = 'ok' | 'throw' | 'deaf' | 'stop' | 'pending' | 'unknown' | 'bad-json' | 'approval';
/** How a response ends. */
type Ending = FinishReason | 'fail';
/** What the driver does at one tick. */
type Action = { readonly type: 'release'; readonly index: number } | { readonly type: 'cancel' } | { readonly type: 'defer' } | { readonly type: 'answer'; readonly index: number; readonly approve: boolean } | { readonly type: 'tick' };

interface Scenario {
  readonly groups: readonly { readonly calls: readonly CallKind[]; readonly ending: Ending }[];
  readonly actions: readonly Action[];
  readonly eager: boolean;
  readonly concurrency: number | undefined;
}

const callKind = fc.constantFrom<CallKind>('ok', 'ok', 'ok', 'throw', 'deaf', 'stop', 'pending', 'unknown', 'bad-json', 'approval');
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
}

/** Plays one scenario to its end (or gives up after a bounded number of ticks). */
async function play(s: Scenario): Promise<Outcome> {
  const gates = new Map<string, () => void>();
  const order: string[] = [];
  const pendingIds = new Set<string>();
  const started = new Set<string>();
  let stopRan = false;
  const wait = (id: string, signal: AbortSignal | undefined): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      started.add(id);
      order.push(id);
      gates.set(id, resolve);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  const tools: Tool[] = [
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
      started.add(ctx.toolCallId);
      stopRan = true;
      ctx.agent.cancel({ afterCurrentTools: true, message: 'Stopped by tool.' });
      return 'stopping';
    }),
    { kind: 'function', name: 'pending', description: 'For the caller.', inputSchema: { type: 'object' } },
    {
      ...fnTool('approval', (_input, ctx) => {
        started.add(ctx.toolCallId);
        return 'approved work';
      }),
      needsApproval: true,
    },
  ];
  const responses: ModelStreamPart[][] = [];
  let callNumber = 0;
  for (const group of s.groups) {
    const calls = group.calls.map((kind) => {
      const id = `c${++callNumber}`;
      if (kind === 'pending') pendingIds.add(id);
      if (kind === 'unknown') return { name: 'missing', id };
      if (kind === 'bad-json') return { name: 'ok', id, toolArgs: '{not json' };
      return { name: kind, id };
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
  const agent = new Agent({ tools, toolExecution: { start: s.eager ? 'eager' : 'after-response', ...(s.concurrency === undefined ? {} : { concurrency: s.concurrency }) } });
  const run = agent.run(model, 'go');
  const events: AgentEvent[] = [];
  let settled: Outcome['settled'] | undefined;
  let stopReason: string | undefined;
  let messages: readonly Message[] = [];
  const consumed = (async () => {
    try {
      for await (const event of run) events.push(event);
    } catch {
      // A failed model call ends iteration with its error.
    }
  })();
  run.result.then(
    (result) => {
      settled = 'resolved';
      stopReason = result.stopReason;
      messages = result.messages;
    },
    () => {
      settled = 'rejected';
      messages = agent.messages;
    },
  );
  const approvals = (): string[] => events.filter((event) => event.type === 'tool-approval-request').map((event) => (event.type === 'tool-approval-request' ? event.toolCallId : ''));
  for (const step of s.actions) {
    await tick();
    if (step.type === 'release') gates.get(order[step.index % Math.max(1, order.length)] ?? '')?.();
    if (step.type === 'cancel') agent.cancel();
    if (step.type === 'defer') agent.cancel({ afterCurrentTools: true });
    if (step.type === 'answer') {
      const ids = approvals();
      const id = ids[step.index % Math.max(1, ids.length)];
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
  // Then let everything finish: release every gate, approve every waiting call.
  for (let i = 0; i < 300 && settled === undefined; i++) {
    await tick();
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
  return { settled: settled ?? 'hung', ...(stopReason === undefined ? {} : { stopReason }), messages, events, pendingIds, started, stopRan, eager: s.eager };
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
}

describe('Agent under random interleavings (property)', () => {
  it('every call gets exactly one result, none duplicated or lost, and every run ends', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        check(await play(s));
      }),
      { numRuns: Number(process.env['TANDEM_PROPERTY_RUNS'] ?? 5_000), seed: 20261201, endOnFailure: true },
    );
  }, 600_000);
});
