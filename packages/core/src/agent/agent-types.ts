import type { Message } from '../spec/message/v1/message.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ToolChoice } from '../spec/language-model/v1/tool-definition.js';
import type { FinishReason, Usage } from '../spec/language-model/v1/usage.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { AgentEvent, ToolCall } from '../events/agent-event.js';
import type { Tool } from '../tool/tool.js';
import type { AgentHooks } from './agent-hooks.js';

/**
 * Why a run ended.
 * - `endTurn` — the model finished without calling tools, a tool/hook ended the turn, a stop condition
 *   held, or `cancel({ afterCurrentTools: true })` was honoured.
 * - `toolUse` — the model called tools that have no `execute`; those calls are pending for the caller.
 * - `maxSteps` — the step cap was reached while the model still wanted tools.
 * - `maxTokens` / `contentFilter` / `error` — the last response ended with `length` / `content-filter` / `error`.
 * - `cancelled` — the run was aborted or cancelled immediately.
 */
export type StopReason = 'endTurn' | 'toolUse' | 'maxSteps' | 'maxTokens' | 'contentFilter' | 'cancelled' | 'error';

/** How the calls of one tool group are run. */
export interface ToolExecutionOptions {
  /**
   * `'after-response'` (default): start calls once the response has finished. `'eager'`: start each call
   * as soon as its `tool-end` arrives — so a call may already be running, or done, when the response turns
   * out cut off (`length`/`content-filter`/`error`) or the model call fails: a running call is then aborted
   * and gets a `cancelled` result, while one that already finished keeps its real result.
   */
  readonly start?: 'after-response' | 'eager';
  /** Maximum calls running at once within a group; `'sequential'` is 1. Default: unbounded. */
  readonly concurrency?: number | 'sequential';
}

/** One finished step: a model response and the tool calls it led to. */
export interface StepResult {
  readonly step: number;
  readonly finishReason: FinishReason;
  readonly usage: Usage;
  /** The assistant message of this step. */
  readonly message: Message;
  readonly toolCalls: readonly ToolCall[];
  readonly toolResults: readonly ToolResult[];
}

/** What a stop condition sees after each step that ran tools. */
export interface StopConditionState {
  readonly steps: readonly StepResult[];
  readonly messages: readonly Message[];
  /** Usage summed over the steps so far. */
  readonly usage: Usage;
}

/** Returns true to end the run (with `stopReason: 'endTurn'`) instead of calling the model again. */
export type StopCondition = (state: StopConditionState) => boolean | PromiseLike<boolean>;

/** Options of `new Agent(…)`. */
export interface AgentOptions {
  readonly tools?: readonly Tool[];
  readonly system?: string;
  /** Checked after every step that ran tools; any condition returning true ends the run. */
  readonly stopWhen?: StopCondition | readonly StopCondition[];
  /** Hard cap on model calls per run. Default 20. */
  readonly maxSteps?: number;
  readonly toolExecution?: ToolExecutionOptions;
  readonly hooks?: Partial<AgentHooks>;
  readonly toolChoice?: ToolChoice;
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly providerOptions?: ModelRequest['providerOptions'];
}

/** Options of `agent.run(…)`. */
export interface RunOptions {
  /** Aborting equals an immediate `agent.cancel()`: `run.result` resolves with `stopReason: 'cancelled'`. */
  readonly signal?: AbortSignal;
  /** Shared with every tool of the run as `ctx.invocationState`. */
  readonly invocationState?: Record<string, unknown>;
}

/** The outcome of a run. */
export interface AgentResult {
  readonly stopReason: StopReason;
  /** The last assistant message (absent if the model never answered). */
  readonly message: Message | undefined;
  /** The whole conversation: the input messages followed by everything the run added. */
  readonly messages: readonly Message[];
  /** The text of `message`. */
  readonly text: string;
  /** Usage summed across every model call of the run. */
  readonly usage: Usage;
  readonly steps: readonly StepResult[];
}

/**
 * A running agent: iterate it for events, await `result` for the outcome. Events are buffered, so
 * awaiting `result` without iterating is fine. `await using` cancels an unfinished run on scope exit.
 */
export interface AgentRun extends AsyncIterable<AgentEvent>, AsyncDisposable {
  readonly runId: string;
  /**
   * Resolves when the run ends — also when it is cancelled (`stopReason: 'cancelled'`). Rejects only
   * when the model call itself fails (e.g. `APICallError`) or a hook or stop condition throws, after the
   * events so far were delivered; running tools are aborted first and every tool call in history still
   * has a result.
   */
  readonly result: Promise<AgentResult>;
}
