import { asyncScope } from './async-scope.js';
import type { ToolCall } from '@tandem/core';
import { runToolGroup, type ToolGroupOptions } from '@tandem/core/runtime';
import type { BidiToolCall, ToolDelivery, ToolResult } from '@tandem/core/spec';

/** One tool group of a conversation: the calls of one `tool-group` model event. @internal */
export interface ToolGroupRun {
  readonly id: string;
  /** Which conversation (session) it belongs to, so a late `cancel()` from an old tool cannot leak. */
  readonly owner: object;
  readonly calls: readonly ToolCall[];
  readonly startedAt: number;
  /** Resolves with one result per call, in call order; never rejects. */
  readonly done: Promise<readonly ToolResult[]>;
  finished: boolean;
  /** Set when finished. */
  results?: readonly ToolResult[];
  /** The group's delivery mode (the most urgent of its tools'). */
  delivery: ToolDelivery;
  /** Completed user turns when the model made the calls. */
  userTurnsAtCall: number;
  /** Results of calls that finished so far (kept if the group is abandoned at the end). */
  readonly settledResults: Map<string, ToolResult>;
}

/**
 * The tool group whose tool is running in the current async context — how `agent.cancel()` knows it was
 * called from a tool (and from which group). @internal
 */
export const toolGroupScope = asyncScope<ToolGroupRun>();

/** Parses each call's raw JSON arguments into `input` (left out when they are not valid JSON). @internal */
export function parseToolCalls(calls: readonly BidiToolCall[]): ToolCall[] {
  return calls.map((call) => {
    const base = { toolCallId: call.toolCallId, toolName: call.toolName, toolArgs: call.toolArgs };
    try {
      return { ...base, input: JSON.parse(call.toolArgs.trim() === '' ? '{}' : call.toolArgs) as unknown };
    } catch {
      return base;
    }
  });
}

/**
 * Starts a group on core's tool runtime inside {@link toolGroupScope}. Should the runtime ever reject,
 * every call still gets an error result. @internal
 */
export function startToolGroup(
  id: string,
  owner: object,
  startedAt: number,
  options: ToolGroupOptions & { readonly calls: readonly ToolCall[] },
): ToolGroupRun {
  let resolveDone: (results: readonly ToolResult[]) => void = () => undefined;
  const run: ToolGroupRun = {
    id,
    owner,
    calls: options.calls,
    startedAt,
    done: new Promise((resolve) => {
      resolveDone = resolve;
    }),
    finished: false,
    delivery: 'when-idle',
    userTurnsAtCall: 0,
    settledResults: new Map(),
  };
  toolGroupScope.run(run, () => {
    runToolGroup(options).then(resolveDone, (error: unknown) => {
      const text = `Tool runtime failed: ${error instanceof Error ? error.message : String(error)}`;
      resolveDone(
        options.calls.map((call) => ({
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          status: 'error',
          isError: true,
          result: text,
          modelInput: { type: 'text', value: text },
        })),
      );
    });
  });
  return run;
}
