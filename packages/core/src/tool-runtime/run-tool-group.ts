import type { Message } from '../spec/message/v1/message.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { AgentEvent, ToolCall } from '../events/agent-event.js';
import type { ToolCallHooks } from '../hooks/tool-call-hooks.js';
import type { ToolGroupTrace } from '../telemetry/telemetry.js';
import type { FunctionTool, Tool } from '../tool-definition/tool.js';
import type { ToolAgent } from '../tool-definition/tool-context.js';
import type { ApprovalGate } from './approval.js';
import { ToolGroup } from './tool-group.js';

/**
 * Options of {@link runToolGroup}.
 *
 * @category Tool runtime
 */
export interface ToolGroupOptions {
  /** The calls of one model response, in the model's order. */
  readonly calls: readonly ToolCall[];
  /** The tools to resolve calls against (function tools without `execute` and provider tools are ignored). */
  readonly tools: ReadonlyMap<string, FunctionTool> | readonly Tool[];
  /** What `ctx.agent` is for the tools. */
  readonly agent: ToolAgent;
  /** What `ctx.messages` is for the tools. */
  readonly messages: readonly Message[];
  /** Aborting gives every unfinished call a `cancelled` result at once (the tools' signals abort too). */
  readonly signal: AbortSignal;
  readonly invocationState?: Record<string, unknown>;
  readonly requestState?: Record<string, unknown>;
  readonly runId: string;
  readonly step: number;
  /** Receives `partial-tool-call-result`, `tool-retry`, `tool-approval-request` and `tool-call-result` events (and nested agents' events). */
  readonly emit: (event: AgentEvent) => void;
  /** Calls running at once; default unbounded. */
  readonly concurrency?: number;
  readonly hooks?: ToolCallHooks;
  /** Where calls of tools with `needsApproval` wait for an answer; without it such calls are refused with an error result. */
  readonly approvals?: ApprovalGate;
  /** Starts the group's trace when its first call starts. */
  readonly startTrace?: (calls: readonly ToolCall[]) => ToolGroupTrace;
  /**
   * Told of each tool whose call an abort answered `cancelled` before the tool settled, labelled e.g.
   * `tool search (c1)`, with the tool's promise: one that honours its signal settles soon after; the caller
   * may wait a grace period for the rest and name those that never settle (as `Agent` does with `cancelGraceMs`).
   */
  readonly abandoned?: (label: string, promise: PromiseLike<unknown>) => void;
}

/**
 * Runs one tool group — the calls a model requested together — concurrently, and resolves with exactly
 * one result per call, in the model's call order, once every call has finished. It never rejects: throws,
 * unknown tools, invalid arguments, timeouts and aborts all become results. `tool-call-result` events
 * are emitted in completion order. This is the runtime `Agent` and `BidiAgent` share.
 *
 * @example
 * ```ts
 * const results = await runToolGroup({
 *   calls, tools: [weather, time], agent, messages, signal: controller.signal,
 *   runId: 'run-1', step: 1, emit: (event) => console.log(event.type),
 * });
 * ```
 *
 * @category Tool runtime
 */
export async function runToolGroup(options: ToolGroupOptions): Promise<ToolResult[]> {
  const group = new ToolGroup({
    tools: toolMap(options.tools),
    agent: options.agent,
    messages: options.messages,
    invocationState: options.invocationState ?? {},
    requestState: options.requestState ?? {},
    runId: options.runId,
    step: options.step,
    parentSignal: options.signal,
    emit: options.emit,
    hooks: registeredHooks(options.hooks),
    approvals: options.approvals,
    concurrency: options.concurrency,
    startTrace: options.startTrace,
    abandoned: options.abandoned,
  });
  await group.settle(options.calls);
  return group.finish(options.calls).map((outcome) => outcome.result);
}

/** Indexes the executable function tools by name. @internal */
export function toolMap(tools: ReadonlyMap<string, FunctionTool> | readonly Tool[]): ReadonlyMap<string, FunctionTool> {
  if (!Array.isArray(tools)) return tools as ReadonlyMap<string, FunctionTool>;
  const map = new Map<string, FunctionTool>();
  for (const tool of tools as readonly Tool[]) if (tool.kind === 'function') map.set(tool.name, tool);
  return map;
}

function registeredHooks(hooks: ToolCallHooks | undefined): ToolCallHooks | undefined {
  if (hooks === undefined || (hooks.beforeToolCall === undefined && hooks.afterToolCall === undefined)) return undefined;
  return hooks;
}
