import type { JsonSchema } from '../spec/shared/json.js';
import type { ProviderToolDefinition, ToolDelivery } from '../spec/language-model/v1/tool-definition.js';
import type { ToolOutput } from '../spec/message/v1/tool-output.js';
import type { AggregatorClass } from './aggregator.js';
import type { ToolContext } from './tool-context.js';

/**
 * The old grouping of what the model sees of a function tool (`spec: { description, params }`).
 *
 * @deprecated Use `description` and `inputSchema` on the tool itself.
 * @example
 * ```ts
 * const spec: ToolSpec = { description: 'Search.', params: { type: 'object', properties: {} } };
 * ```
 *
 * @category Tools
 */
export interface ToolSpec {
  readonly description: string;
  /** JSON Schema of the input (an object schema). */
  readonly params: JsonSchema;
}

/**
 * Retry policy of a tool (see {@link ToolConfig}).
 *
 * @category Tools
 */
export interface ToolRetryConfig {
  /** Attempts in all, the first included. `1` means no retry. */
  readonly maxAttempts: number;
  /** Delay before the first retry; doubles each retry. Default 100 ms. */
  readonly initialDelayMs?: number;
  /** Upper bound of the delay. Default 10 000 ms. */
  readonly maxDelayMs?: number;
  /** Which errors to retry; default every thrown error. An abort of the run is never retried. */
  retryOn?(error: unknown): boolean;
}

/**
 * Execution settings of a tool.
 *
 * @category Tools
 */
export interface ToolConfig {
  /** Each attempt is aborted (its `signal` fires) and fails after this long. Does not bound an approval wait. */
  readonly timeoutMs?: number;
  /**
   * How long a call waits for a person's approval (`needsApproval`) before it becomes the error result
   * "The approval timed out after <n> ms" (the tool never runs). Default: no limit (the Agent's
   * `approvalTimeoutMs`, when set, applies).
   */
  readonly approvalTimeoutMs?: number;
  readonly retry?: ToolRetryConfig;
}

/**
 * Result of validating a tool's input.
 *
 * @category Tools
 */
export type ToolInputValidation<Input> =
  | { readonly success: true; readonly value: Input }
  | { readonly success: false; readonly error: string };

/**
 * What `execute` may return: a value, a promise of one, or (with an aggregator) an async iterable.
 *
 * @category Tools
 */
export type ToolExecuteReturn<Output> = Output | PromiseLike<Output> | AsyncIterable<unknown>;

/**
 * A function tool: a name, description and input schema the model sees, plus (optionally) the code that
 * runs it. Build one with `tool()` or `defineTool()` from `@tandem/tools`; this is the shape the runtime
 * consumes. A tool with no `execute` is schema-only: the model may call it and the caller handles the call.
 *
 * `description` and `inputSchema` are what the model is given. The older `spec: { description, params }`
 * shape is still accepted (a tool must have one of the two); read a tool through
 * `functionToolDefinition()` to get `description` and `inputSchema` whichever shape it has.
 *
 * @example
 * ```ts
 * const clock: FunctionTool = {
 *   kind: 'function',
 *   name: 'current_time',
 *   description: 'The current time as an ISO string.',
 *   inputSchema: { type: 'object', properties: {} },
 *   execute: () => new Date().toISOString(),
 * };
 * ```
 *
 * @category Tools
 */
export interface FunctionTool<Input = unknown, Output = unknown> {
  readonly kind: 'function';
  readonly name: string;
  /** What the tool does and when to use it — the model reads this. */
  readonly description?: string;
  /** JSON Schema of the input (an object schema). */
  readonly inputSchema?: JsonSchema;
  /** @deprecated Use `description` and `inputSchema`. Still accepted when those are absent. */
  readonly spec?: ToolSpec;
  /** Runs the call. Throwing (any value) produces an error result the model sees. */
  execute?(input: Input, context: ToolContext): ToolExecuteReturn<Output>;
  /** Validates parsed JSON arguments; without it, parsed JSON is passed through as-is. */
  validate?(input: unknown): ToolInputValidation<Input> | PromiseLike<ToolInputValidation<Input>>;
  /** Required when `execute` returns an async iterable. */
  readonly aggregator?: AggregatorClass;
  readonly config?: ToolConfig;
  /**
   * Maps the return value to what the model sees: a `ToolOutput`, or a plain value mapped like a
   * return value (strings → text, `toolContent()` → content, else JSON). Default: the return value itself.
   */
  toModelInput?(output: Output): unknown;
  /** @deprecated Use `toModelInput` (which may also return a plain value). */
  toModelOutput?(output: Output): ToolOutput;
  /**
   * Whether a call must be approved before it runs (human in the loop): `true`, or a function of the
   * validated input. A call that needs approval emits `tool-approval-request` and waits — the other calls
   * of its group go on — until `run.approve(id)` / `run.deny(id, reason?)` or the Agent's `approve` option
   * answers. Denied → an error result, and `execute` never runs.
   */
  readonly needsApproval?: boolean | NeedsApproval<Input>;
  /**
   * For realtime (`BidiAgent`) conversations: when the model should speak about this tool's result.
   * `'when-idle'` (default) — the result goes at once and the model answers once neither it nor the user
   * is speaking; `'interrupt'` — the model answers now, cutting its current response; `'silent'` — the
   * result is added to the model's context and no answer is asked for. A group of calls is delivered
   * with its most urgent mode (`interrupt` > `when-idle` > `silent`). Text agents ignore it.
   *
   * @example
   * ```ts
   * const alarm: FunctionTool = { ...setTimer, delivery: 'interrupt' }; // speak the moment the timer fires
   * ```
   */
  readonly delivery?: ToolDelivery;
}

/**
 * Decides per call whether it needs approval. (Declared method-style so a tool with a narrower input
 * type still fits where any function tool is accepted.)
 *
 * @example
 * ```ts
 * const needsApproval: NeedsApproval<{ path: string }> = ({ path }) => !path.startsWith('/tmp/');
 * ```
 *
 * @category Tools
 */
export type NeedsApproval<Input> = {
  decide(input: Input, context: ToolContext): boolean | PromiseLike<boolean>;
}['decide'];

/**
 * A tool executed by the provider (web search, …); passed to the model unchanged.
 *
 * @category Tools
 */
export type ProviderTool = ProviderToolDefinition;

/**
 * Any tool an `Agent` or `stream()` accepts.
 *
 * @category Tools
 */
export type Tool = FunctionTool | ProviderTool;
