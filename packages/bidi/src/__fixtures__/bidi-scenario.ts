// One random BidiAgent scenario for the property test: generated operations applied to a ScriptedBidiModel
// on a ManualClock, then the invariants users rely on checked. See bidi-agent.property.test.ts.
import fc from 'fast-check';
import { slidingWindow, type FunctionTool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup, type ScriptedBidiConnection } from '@tandem/core/testing';
import type { Message } from '@tandem/core/spec';
import { makeStop } from '@tandem/stop';
import { BidiAgent } from '../bidi-agent.js';
import type { BidiAgentOutput } from '../bidi-agent-output.js';
import type { BidiEvent } from '../bidi-event.js';
import type { BidiRunResult } from '../bidi-run-options.js';
import type { BidiHandoffEntry, BidiHandoffTarget } from '../handoff/bidi-handoff-target.js';
import { BidiStuckPeerError } from '../errors/bidi-stuck-peer-error.js';
import { endConversation, sleepTool } from './test-kit.js';

const KINDS = ['t0', 't10', 't50', 't200', 't200', 'nope', 'bad-json', 'throws', 'stop', 'end', 'ask', 'int', 'sil', 'ho', 'ho', 'deaf'] as const;
/** The delivery mode of each tool the scenarios use (others: `when-idle`). */
const DELIVERY: Readonly<Record<string, 'interrupt' | 'silent'>> = { int: 'interrupt', sil: 'silent' };
const URGENCY = { silent: 0, 'when-idle': 1, interrupt: 2 } as const;
type Kind = (typeof KINDS)[number];

type Op =
  | { readonly op: 'group'; readonly calls: readonly Kind[] }
  | { readonly op: 'respond' | 'open' | 'end-response' | 'barge' | 'timeout' | 'drop' | 'fail-send' | 'fail-input' | 'send' | 'leak' }
  | { readonly op: 'approve-all' | 'withdraw' | 'user-turn' | 'answer-yes' | 'answer-no' }
  | { readonly op: 'cancel' | 'cancel-after' | 'stop' }
  | { readonly op: 'update' | 'update-voice' | 'update-model' }
  | { readonly op: 'advance'; readonly ms: number }
  | { readonly op: 'go-away'; readonly timeLeftMs: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('group' as const), calls: fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 3 }) }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 250 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('respond' as const, 'open' as const, 'end-response' as const, 'barge' as const, 'leak' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('timeout' as const, 'drop' as const, 'fail-send' as const, 'fail-input' as const, 'send' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('go-away' as const), timeLeftMs: fc.integer({ min: 0, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('cancel' as const, 'cancel-after' as const, 'stop' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('approve-all' as const, 'withdraw' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('user-turn' as const, 'answer-yes' as const, 'answer-no' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('update' as const, 'update-voice' as const, 'update-model' as const) }) },
);

/** One generated scenario. */
export interface Scenario {
  readonly nativeAsyncTools: boolean;
  readonly hangingOutput: boolean;
  /** `approvals: 'spoken'`: the model answers approvals with answer_approval after the user spoke. */
  readonly spoken: boolean;
  /** A connection limit: the agent restarts before it (at a turn boundary). */
  readonly maxConnectionMs: number | undefined;
  /** An output guardrail that trips on "secret" in a transcript (a `leak` response says it). */
  readonly guarded: boolean;
  /** The models change the live session in place (`connection.update()`); else updates and handoffs reconnect. */
  readonly liveUpdate: boolean;
  /** The handoff target `desk` brings a model of its own (a handoff to it switches models). */
  readonly deskModel: boolean;
  /** `context: slidingWindow({ maxMessages: window })`: every connection is opened with a bounded history. */
  readonly window: number | undefined;
  readonly ops: readonly Op[];
}

export const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  nativeAsyncTools: fc.boolean(),
  hangingOutput: fc.boolean(),
  spoken: fc.boolean(),
  maxConnectionMs: fc.option(fc.integer({ min: 100, max: 400 }), { nil: undefined }),
  guarded: fc.boolean(),
  liveUpdate: fc.boolean(),
  deskModel: fc.boolean(),
  window: fc.option(fc.integer({ min: 2, max: 8 }), { nil: undefined }),
  ops: fc.array(opArb, { minLength: 1, maxLength: 14 }),
});

/** Needs approval: waits until approved (runs), cancelled, withdrawn by the model or the conversation ends. */
const ask: FunctionTool = { ...sleepToolStub('ask'), needsApproval: true };

function sleepToolStub(name: string): FunctionTool {
  return { kind: 'function', name, spec: { description: 'Asks first.', params: { type: 'object' } }, execute: () => 'asked' };
}

const throws: FunctionTool = {
  kind: 'function',
  name: 'throws',
  spec: { description: 'Always fails.', params: { type: 'object' } },
  execute() {
    throw new Error('boom');
  },
};

/** Ignores its signal and never settles (user code that hangs): the end answers it and names it. */
function deafTool(executed: string[]): FunctionTool {
  return {
    kind: 'function',
    name: 'deaf',
    spec: { description: 'Hangs.', params: { type: 'object' } },
    execute: (_input, ctx) => {
      executed.push(ctx.toolCallId);
      return new Promise<never>(() => undefined);
    },
  };
}

function parts(messages: readonly Message[], type: 'tool-call' | 'tool-result'): string[] {
  return messages.flatMap((m) => m.parts).flatMap((p) => (p.type === type ? [p.toolCallId] : []));
}

/** Runs one scenario; returns the broken invariants (empty when all hold). */
export async function scenario({ nativeAsyncTools, hangingOutput, spoken, maxConnectionMs, guarded, liveUpdate, deskModel, window, ops }: Scenario): Promise<string[]> {
  const clock = new ManualClock();
  let failingSends = 0;
  let failingInputs = 0;
  /** Every connection of either model, in the order they were opened: the last is the live one. */
  const opened: ScriptedBidiConnection[] = [];
  const scripted = (): ScriptedBidiModel => new ScriptedBidiModel({
    clock,
    capabilities: { nativeAsyncTools, liveUpdate, ...(maxConnectionMs === undefined ? {} : { maxConnectionMs }) },
    onConnect: (connection) => void opened.push(connection),
    onToolResults: () => {
      if (failingSends > 0) {
        failingSends--;
        throw new Error('results lost on the wire');
      }
    },
    onInput: () => {
      if (failingInputs > 0) {
        failingInputs--;
        throw new Error('input lost on the wire');
      }
    },
  });
  const model = scripted();
  const other = scripted();
  /** Calls of the `deaf` tool that began to run. */
  const deafCalls: string[] = [];
  const tools = [
    sleepTool('t0', clock, 0),
    sleepTool('t10', clock, 10),
    sleepTool('t50', clock, 50),
    sleepTool('t200', clock, 200),
    throws,
    deafTool(deafCalls),
    makeStop(),
    { ...endConversation, name: 'end' },
    ask,
    { ...sleepTool('int', clock, 10), delivery: 'interrupt' as const },
    { ...sleepTool('sil', clock, 50), delivery: 'silent' as const },
  ];
  // Two agents that hand the call back and forth (same tools, other instructions and voice).
  const frontHandoffs: BidiHandoffEntry[] = [];
  const front: BidiHandoffTarget = { name: 'front', description: 'The front desk.', system: 'Front.', tools, handoffs: frontHandoffs };
  const desk: BidiHandoffTarget = { name: 'desk', description: 'The booking desk.', system: 'Desk.', tools, voice: 'desk-voice', handoffs: [front], ...(deskModel ? { model: other } : {}) };
  frontHandoffs.push(desk);
  const agent = new BidiAgent({
    model,
    clock,
    tools,
    handoffs: [desk],
    reconnect: { maxAttempts: 3, initialDelayMs: 5, marginMs: 50 },
    responseWaitMs: 50,
    cancelGraceMs: 100,
    ...(window === undefined ? {} : { context: slidingWindow({ maxMessages: window }) }),
    ...(spoken ? { approvals: 'spoken' as const } : {}),
    ...(guarded ? { guardrails: { output: [{ name: 'leak', check: ({ text }: { text: string }) => ({ tripwire: text.includes('secret'), replaceWith: 'Sorry.' }) }] } } : {}),
  });
  const events: BidiEvent[] = [];
  const outputs: BidiAgentOutput[] = [{ write: (event) => void events.push(event) }];
  // An output that hangs for good on its first barge-in (a dead speaker): the end must not wait for it.
  if (hangingOutput) outputs.push({ write: (event) => (event.type === 'barge-in' ? new Promise<never>(() => undefined) : undefined) });
  let result: BidiRunResult | undefined;
  void agent.run({ outputs }).then((r) => {
    result = r;
  });
  await model.settle(1);

  const typedAt: number[] = [];
  /** Each group the model asked for (its ids in call order) and the delivery mode it must be sent with. */
  const groups = new Map<string, string>();
  /** The connection each call was asked for on (a result sent elsewhere needs the call in that replay). */
  const calledOn = new Map<string, ScriptedBidiConnection>();
  let ids = 0;
  let open: string | undefined;
  // An end waiting for groups to finish (a stop tool, cancel after the current tools) keeps later results
  // from the model — and with a call waiting for approval in such a group, the end waits for the answer.
  let endRequested = false;
  let updates = 0;
  const active = (): string => {
    const last = events.findLast((e) => e.type === 'handoff');
    return last?.type === 'handoff' ? last.to : 'agent';
  };
  for (const op of ops) {
    if (result !== undefined || opened.length === 0) break;
    const connection = opened.at(-1) as ScriptedBidiConnection;
    const usable = !connection.finished && !connection.closed;
    switch (op.op) {
      case 'group': {
        if (!usable) break;
        const calls = op.calls.map((kind) => {
          const id = `c${String(++ids)}`;
          if (kind === 'bad-json') return { name: 't10', id, toolArgs: '{oops' };
          if (kind === 'nope') return { name: 'nope', id };
          if (kind === 'stop') return { name: 'stop', id, input: { message: 'Bye.' } };
          if (kind === 'ho') return { name: active() === 'desk' ? 'transfer_to_front' : 'transfer_to_desk', id };
          return { name: kind, id };
        });
        groups.set(calls.map((call) => call.id).join(), expectedDelivery(calls.map((call) => call.name)));
        for (const call of calls) calledOn.set(call.id, connection);
        connection.emit(bidiToolGroup(calls));
        break;
      }
      case 'user-turn':
        if (usable) connection.emit({ type: 'transcript', role: 'user', delta: 'Yes please.', final: true });
        break;
      case 'answer-yes':
      case 'answer-no': {
        // The model answers the newest approval request by voice (accepted only if the user spoke since).
        const request = events.findLast((e) => e.type === 'tool-approval-request');
        if (!usable || request?.type !== 'tool-approval-request') break;
        const id = `c${String(++ids)}`;
        groups.set(id, 'when-idle');
        calledOn.set(id, connection);
        connection.emit(bidiToolGroup([{ name: 'answer_approval', id, input: { toolCallId: request.toolCallId, approved: op.op === 'answer-yes' } }]));
        break;
      }
      case 'advance':
        await clock.advance(op.ms);
        break;
      case 'respond':
        if (usable && open === undefined) connection.respond('OK.', { audioChunks: 1 });
        break;
      case 'open':
        if (usable && open === undefined) {
          open = `r${String(++ids)}`;
          connection.emit(...bidiResponseEvents('Hmm', { open: true, responseId: open, audioChunks: 1 }));
        }
        break;
      case 'leak':
        // A whole response that says what an output guardrail must keep out of history.
        if (usable && open === undefined) connection.emit(...bidiResponseEvents('a secret here', { responseId: `r${String(++ids)}`, audioChunks: 1 }));
        break;
      case 'end-response':
        if (usable && open !== undefined) connection.emit({ type: 'response-end', responseId: open, stopReason: 'interrupted' });
        open = undefined;
        break;
      case 'barge':
        if (usable) connection.emit({ type: 'barge-in', ...(open === undefined ? {} : { responseId: open }) });
        break;
      case 'timeout':
        if (usable) connection.timeOut();
        break;
      case 'go-away':
        if (usable) connection.goAway({ timeLeftMs: op.timeLeftMs });
        break;
      case 'drop':
        if (usable) connection.drop();
        break;
      case 'fail-send':
        failingSends++;
        break;
      case 'fail-input':
        failingInputs++;
        break;
      case 'send':
        if (agent.running) {
          typedAt.push(events.length); // a typed turn counts as the user speaking (it makes no event)
          agent.send('Hi').catch(() => undefined);
        }
        break;
      case 'cancel':
        agent.cancel();
        break;
      case 'cancel-after':
        endRequested = true;
        agent.cancel({ afterCurrentTools: true });
        break;
      case 'stop':
        void agent.stop();
        break;
      case 'update':
        agent.update({ system: `Rules v${String(++updates)}.` }).catch(() => undefined);
        break;
      case 'update-voice':
        agent.update({ voice: `voice-${String(++updates)}` }).catch(() => undefined);
        break;
      case 'update-model':
        agent.update({ model: agent.model === model ? other : model }).catch(() => undefined);
        break;
      case 'approve-all':
        for (const event of events) {
          if (event.type !== 'tool-approval-request') continue;
          try {
            agent.approve(event.toolCallId);
          } catch {
            // answered, withdrawn or ended already
          }
        }
        break;
      case 'withdraw':
        // The model withdraws the two newest calls (some may have finished: those keep their results).
        if (usable) connection.emit({ type: 'tool-cancel', toolCallIds: [`c${String(ids)}`, `c${String(ids - 1)}`] });
        break;
    }
    await model.settle(1);
    if (opened.at(-1) !== connection || connection.finished) open = undefined;
  }

  const broken: string[] = [];
  // Let everything in flight settle (reconnects, tools, held results), then check delivery while still running.
  failingSends = 0;
  failingInputs = 0;
  for (let round = 0; round < 4 && result === undefined; round++) {
    const connection = opened.at(-1) as ScriptedBidiConnection;
    if (open !== undefined && !connection.finished && !connection.closed) connection.emit({ type: 'response-end', responseId: open, stopReason: 'complete' });
    open = undefined;
    await clock.advance(250);
  }
  const recorded = parts(agent.messages, 'tool-result');
  const last = opened.at(-1) as ScriptedBidiConnection;
  endRequested ||= events.some((e) => e.type === 'tool-call-result' && e.results.some((r) => (r.toolName === 'stop' || r.toolName === 'end') && r.status === 'success'));
  if (result === undefined && agent.running && !endRequested && !last.finished && !last.closed) {
    // With a window, a result delivered before may be left out of the current replay: it reached an earlier connection.
    const delivered = new Set((window === undefined ? [last] : opened).flatMap((c) => [...parts(c.request.messages, 'tool-result'), ...c.toolResults.flatMap((call) => call.map((r) => r.toolCallId))]));
    if (recorded.some((id) => !delivered.has(id))) broken.push('a recorded result never reached the current connection');
  }

  // End it (if nothing did) and wait — on the clock — for the run to end.
  void agent.stop();
  for (let round = 0; round < 10 && result === undefined; round++) await clock.advance(100);
  if (result === undefined) return [...broken, 'run() never ended'];

  const calls = parts(agent.messages, 'tool-call');
  const results = parts(agent.messages, 'tool-result'); // calls waiting for approval got theirs at the end
  if ([...calls].sort().join() !== [...results].sort().join() || new Set(results).size !== results.length) broken.push('a call without exactly one result in history');
  const started = events.flatMap((e) => (e.type === 'tool-start' && e.parentToolCallId === undefined ? [e.toolCallId] : []));
  const finished = events.flatMap((e) => (e.type === 'tool-call-result' && e.parentToolCallId === undefined ? e.results.map((r) => r.toolCallId) : []));
  if ([...started].sort().join() !== [...finished].sort().join()) broken.push('a started call without exactly one tool-call-result');
  if (started.some((id) => !calls.includes(id))) broken.push('a started call missing from history');
  for (const connection of opened) {
    const replayed = parts(connection.request.messages, 'tool-result');
    const sent = connection.toolResults.flatMap((call) => call.map((r) => r.toolCallId));
    if (new Set([...replayed, ...sent]).size !== replayed.length + sent.length) broken.push(`connection ${String(opened.indexOf(connection))} got a result twice`);
    connection.toolResults.forEach((call, index) => {
      const mode = groups.get(call.map((r) => r.toolCallId).join());
      if (mode === undefined) broken.push('a sendToolResults call that is not one whole group in call order');
      else if (connection.deliveries[index] !== mode) broken.push(`a group sent with delivery ${String(connection.deliveries[index])}, not its most urgent mode ${mode}`);
    });
    broken.push(...replayCheck(connection, calledOn, window));
  }
  broken.push(...spokenAnswersCheck(events, typedAt));
  if (guarded) broken.push(...guardrailCheck(events, agent.messages));
  const named = events.flatMap((e) => (e.type === 'error' && BidiStuckPeerError.isInstance(e.error) && e.error.peer === 'tool' ? e.error.abandoned : []));
  if (deafCalls.some((id) => !named.includes(`tool deaf (${id})`))) broken.push('a tool still running at the end was not named');
  const closes = events.filter((e) => e.type === 'connection-close');
  if (closes.length !== 1 || events.at(-1)?.type !== 'connection-close') broken.push('connection-close is not the one last event');
  if (clock.pending !== 0) broken.push('timers left behind');
  return broken;
}


/**
 * What a connection was opened with: each replayed result after its call, each result sent to it for a
 * call it knows (replayed, or asked for on it), and — with a window — no more messages without tool
 * parts than the window (a call or result is only ever added back to keep a pair).
 */
function replayCheck(connection: ScriptedBidiConnection, calledOn: ReadonlyMap<string, ScriptedBidiConnection>, window: number | undefined): string[] {
  const broken: string[] = [];
  const known = new Set<string>();
  for (const part of connection.request.messages.flatMap((m) => m.parts)) {
    if (part.type === 'tool-call') known.add(part.toolCallId);
    else if (part.type === 'tool-result' && !known.has(part.toolCallId)) broken.push('a replayed result before (or without) its call');
  }
  const sent = connection.toolResults.flatMap((call) => call.map((r) => r.toolCallId));
  if (sent.some((id) => !known.has(id) && calledOn.get(id) !== connection)) broken.push('a result sent to a connection that never saw its call');
  const plain = connection.request.messages.filter((m) => m.parts.every((p) => p.type !== 'tool-call' && p.type !== 'tool-result'));
  if (window !== undefined && plain.length > window) broken.push(`${String(plain.length)} messages replayed past a window of ${String(window)}`);
  return broken;
}

function expectedDelivery(toolNames: readonly string[]): string {
  let mode: keyof typeof URGENCY = 'when-idle';
  for (const [index, name] of toolNames.entries()) {
    const own = DELIVERY[name] ?? 'when-idle';
    if (index === 0 || URGENCY[own] > URGENCY[mode]) mode = own;
  }
  return mode;
}

/** A spoken answer is accepted only after a final user transcript that came after its request. */
function spokenAnswersCheck(events: readonly BidiEvent[], typedAt: readonly number[]): string[] {
  const broken: string[] = [];
  events.forEach((event, index) => {
    if (event.type !== 'tool-approval-response') return;
    const requestAt = events.findIndex((e) => e.type === 'tool-approval-request' && e.toolCallId === event.toolCallId);
    const spokeAt = events.findIndex((e, at) => at > requestAt && at < index && e.type === 'transcript' && e.role === 'user' && e.final);
    const typed = typedAt.some((at) => at > requestAt && at <= index);
    if (requestAt < 0 || (spokeAt < 0 && !typed)) broken.push('a spoken approval accepted before the user spoke');
  });
  return broken;
}

/** With the output guardrail: no tripped transcript in history, and every tripwire cut its response like a barge-in. */
function guardrailCheck(events: readonly BidiEvent[], messages: readonly Message[]): string[] {
  const broken: string[] = [];
  if (messages.some((m) => m.role === 'assistant' && m.parts.some((p) => p.type === 'text' && p.text.includes('secret')))) broken.push('a tripped transcript in history');
  events.forEach((event, index) => {
    if (event.type !== 'guardrail' || !('responseId' in event) || !event.tripwire) return;
    const cut = events.some((e, at) => at > index && e.type === 'barge-in' && e.responseId === event.responseId && e.reason === 'guardrail');
    if (!cut) broken.push('a tripwire without its barge-in');
  });
  return broken;
}
