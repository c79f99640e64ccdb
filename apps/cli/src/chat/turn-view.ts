import type { AgentEvent } from '@tandem/core';

/** Where a tool call is: its arguments streaming, waiting for the response to end, waiting for approval, running, or ended. */
export type CallStatus = 'preparing' | 'queued' | 'approval' | 'running' | 'done' | 'error' | 'cancelled';

/** A tool call as the terminal shows it. */
export interface CallView {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The raw JSON arguments (growing while they stream). */
  readonly args: string;
  readonly status: CallStatus;
  /** The latest partial results (at most {@link MAX_PARTIALS}), and how many arrived in all. */
  readonly partials: readonly { readonly label?: string; readonly value: unknown }[];
  readonly partialCount: number;
  /** The stored result (or the error) once it ended. */
  readonly result?: unknown;
  /** When it started running and when it ended (ms, the clock given to {@link reduceTurn}). */
  readonly startedAt?: number;
  readonly endedAt?: number;
  /** When it began waiting for approval, and how long it waited once answered (or ended). */
  readonly approvalAskedAt?: number;
  readonly approvalWaitMs?: number;
}

/** A piece of a turn, in the order it happened. */
export type TurnBlock =
  | { readonly kind: 'text'; readonly step: number; readonly text: string }
  | { readonly kind: 'reasoning'; readonly step: number; readonly text: string }
  | { readonly kind: 'tools'; readonly step: number; readonly callIds: readonly string[] }
  /** The conversation moved to another agent (a handoff). */
  | { readonly kind: 'handoff'; readonly step: number; readonly from: string; readonly to: string };

/** Everything a turn showed so far. */
export interface TurnView {
  readonly blocks: readonly TurnBlock[];
  readonly calls: Readonly<Record<string, CallView>>;
}

/** Partial results kept per call for display. */
export const MAX_PARTIALS = 3;

/** A turn with nothing in it yet. */
export const EMPTY_TURN: TurnView = { blocks: [], calls: {} };

const ENDED: readonly CallStatus[] = ['done', 'error', 'cancelled'];

/** True once a call has its result. @example `isEnded(call.status)` */
export function isEnded(status: CallStatus): boolean {
  return ENDED.includes(status);
}

/**
 * Folds one agent event into the view of a turn. Events of nested agents (`parentToolCallId`) are left
 * out: their outer call shows their progress. A call starts running when its response ends (or when its
 * first partial result arrives), so its duration is its real run time.
 *
 * @example
 * ```ts
 * let turn = EMPTY_TURN;
 * for await (const event of run) turn = reduceTurn(turn, event, Date.now());
 * ```
 */
export function reduceTurn(turn: TurnView, event: AgentEvent, now: number): TurnView {
  if (event.parentToolCallId !== undefined) return turn;
  switch (event.type) {
    case 'text-delta':
      return appendText(turn, 'text', event.step, event.chunk);
    case 'reasoning-delta':
      return appendText(turn, 'reasoning', event.step, event.chunk);
    case 'tool-start':
      return addCall(turn, event.step, { toolCallId: event.toolCallId, toolName: event.toolName, args: '', status: 'preparing', partials: [], partialCount: 0 });
    case 'tool-delta':
      return updateCall(turn, event.toolCallId, (call) => ({ ...call, args: call.args + event.chunk }));
    case 'tool-end': {
      const { toolCallId, toolName, toolArgs } = event.toolCall;
      const known = turn.calls[toolCallId] !== undefined;
      const withCall = known ? turn : addCall(turn, event.step, { toolCallId, toolName, args: '', status: 'preparing', partials: [], partialCount: 0 });
      return updateCall(withCall, toolCallId, (call) => ({ ...call, args: toolArgs, status: call.status === 'preparing' ? 'queued' : call.status }));
    }
    case 'handoff':
      return { ...turn, blocks: [...turn.blocks, { kind: 'handoff', step: event.step, from: event.from, to: event.to }] };
    case 'stream-end':
      return mapCalls(turn, (call) => (call.status === 'queued' ? { ...call, status: 'running', startedAt: now } : call));
    case 'tool-approval-request':
      return updateCall(turn, event.toolCallId, (call) => ({ ...call, status: 'approval', startedAt: undefined, approvalAskedAt: now }));
    case 'partial-tool-call-result':
      return updateCall(turn, event.toolCallId, (call) => ({
        ...call,
        status: isEnded(call.status) ? call.status : 'running',
        startedAt: call.startedAt ?? now,
        partials: [...call.partials, { ...(event.label === undefined ? {} : { label: event.label }), value: event.value }].slice(-MAX_PARTIALS),
        partialCount: call.partialCount + 1,
      }));
    case 'tool-call-result': {
      let next = turn;
      for (const result of event.results) {
        const status: CallStatus = result.status === 'success' ? 'done' : result.status;
        next = updateCall(next, result.toolCallId, (call) => ({
          ...stopWaiting(call, now),
          status,
          result: result.status === 'error' ? (event.exception ?? result.result) : result.result,
          startedAt: call.startedAt ?? now,
          endedAt: now,
        }));
      }
      return next;
    }
    default:
      return turn;
  }
}

/**
 * Records that a call waiting for approval was answered at `now`: an approved one starts running then,
 * so its duration is its run time and the wait is kept apart (`approvalWaitMs`).
 *
 * @example
 * ```ts
 * run.approve(id);
 * turn = approvalAnswered(turn, id, true, Date.now());
 * ```
 */
export function approvalAnswered(turn: TurnView, toolCallId: string, approved: boolean, now: number): TurnView {
  return updateCall(turn, toolCallId, (call) => {
    if (call.status !== 'approval') return call;
    const waited = stopWaiting(call, now);
    return approved ? { ...waited, status: 'running', startedAt: now } : waited;
  });
}

function stopWaiting(call: CallView, now: number): CallView {
  if (call.approvalAskedAt === undefined || call.approvalWaitMs !== undefined) return call;
  return { ...call, approvalWaitMs: now - call.approvalAskedAt };
}

/** Marks every call that has not ended as cancelled (the turn was cancelled). @example `cancelOpenCalls(turn, Date.now())` */
export function cancelOpenCalls(turn: TurnView, now: number): TurnView {
  return mapCalls(turn, (call) => (isEnded(call.status) ? call : { ...stopWaiting(call, now), status: 'cancelled', startedAt: call.startedAt ?? now, endedAt: now }));
}

/**
 * Splits a turn into the blocks that are finished — every block before the last, unless it holds a call
 * still going — and the rest, so finished ones can be printed for good while the rest stays live.
 *
 * @example
 * ```ts
 * const { settled, live } = settleBlocks(turn);
 * ```
 */
export function settleBlocks(turn: TurnView): { readonly settled: readonly TurnBlock[]; readonly live: TurnView } {
  let count = 0;
  for (const [index, block] of turn.blocks.entries()) {
    const last = index === turn.blocks.length - 1;
    const open = block.kind === 'tools' ? block.callIds.some((id) => !isEnded(turn.calls[id]?.status ?? 'done')) : last;
    if (open) break;
    count += 1;
  }
  return { settled: turn.blocks.slice(0, count), live: { ...turn, blocks: turn.blocks.slice(count) } };
}

function appendText(turn: TurnView, kind: 'text' | 'reasoning', step: number, chunk: string): TurnView {
  const last = turn.blocks.at(-1);
  if (last?.kind === kind && last.step === step) return { ...turn, blocks: [...turn.blocks.slice(0, -1), { ...last, text: last.text + chunk }] };
  return { ...turn, blocks: [...turn.blocks, { kind, step, text: chunk }] };
}

function addCall(turn: TurnView, step: number, call: CallView): TurnView {
  const last = turn.blocks.at(-1);
  const blocks: TurnBlock[] =
    last?.kind === 'tools' && last.step === step
      ? [...turn.blocks.slice(0, -1), { ...last, callIds: [...last.callIds, call.toolCallId] }]
      : [...turn.blocks, { kind: 'tools', step, callIds: [call.toolCallId] }];
  return { blocks, calls: { ...turn.calls, [call.toolCallId]: call } };
}

function updateCall(turn: TurnView, toolCallId: string, update: (call: CallView) => CallView): TurnView {
  const call = turn.calls[toolCallId];
  if (call === undefined) return turn;
  return { ...turn, calls: { ...turn.calls, [toolCallId]: update(call) } };
}

function mapCalls(turn: TurnView, update: (call: CallView) => CallView): TurnView {
  return { ...turn, calls: Object.fromEntries(Object.entries(turn.calls).map(([id, call]) => [id, update(call)])) };
}
