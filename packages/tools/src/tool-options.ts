import type { AggregatorClass, JsonSchema, NeedsApproval, ToolConfig, ToolContext, ToolOutput } from '@tandem/core';
import type { InferToolInput, ToolInputSchema } from './resolve-input-schema.js';

/**
 * The value a tool produces from what `execute` returns: the awaited value, or `unknown` for a streaming
 * (async iterable) tool, whose result is its aggregator's snapshot.
 *
 * @example
 * ```ts
 * type R = ToolResultOf<Promise<{ celsius: number }>>; // { celsius: number }
 * ```
 *
 * @category Defining tools
 */
export type ToolResultOf<Returned> = Returned extends AsyncIterable<unknown> ? unknown : Awaited<Returned>;

/**
 * A tool's `execute`: receives the validated input and the {@link ToolContext}.
 *
 * @example
 * ```ts
 * const execute: ToolExecute<typeof input, Promise<string>> = async ({ query }, ctx) => `re: ${query}`;
 * ```
 *
 * @category Defining tools
 */
export type ToolExecute<Schema extends ToolInputSchema, Returned> = (input: InferToolInput<Schema>, context: ToolContext) => Returned;

/**
 * Everything of {@link ToolOptions} except `execute` — the second argument of the function form of `tool()`.
 *
 * @example
 * ```ts
 * tool(async function search({ query }: { query: string }) { return query; }, {
 *   description: 'Search.',
 *   input: z.object({ query: z.string() }),
 *   config: { timeoutMs: 5_000 },
 * });
 * ```
 *
 * @category Defining tools
 */
export interface ToolFunctionOptions<Schema extends ToolInputSchema, Returned> {
  /** The name the model calls; defaults to the function's name. Must match `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name?: string;
  /** What the tool does and when to use it — the model reads this. Required, non-empty. */
  readonly description: string;
  /** The input: a zod 4 schema, `jsonSchema(…)`, or a Standard Schema v1. Must describe an object. */
  readonly input: Schema;
  /**
   * The JSON Schema the model sees. Needed for a Standard Schema that cannot produce one (one without
   * `~standard.jsonSchema`); when given, it replaces the schema derived from `input` (validation still uses `input`).
   */
  readonly jsonSchema?: JsonSchema;
  /**
   * The aggregator **class** of a streaming tool (an `execute` returning an async iterable); required
   * for an async-generator `execute`. See `@tandem/aggregators` for `TextAggregator`, `StatusAggregator`
   * and `SubAgentAggregator`.
   */
  readonly aggregator?: AggregatorClass;
  /** Timeout and retry policy. */
  readonly config?: ToolConfig;
  /**
   * Ask before each call runs (human in the loop): `true`, or a function of the validated input. A call
   * that needs approval emits `tool-approval-request` and waits for `run.approve(id)` / `run.deny(id)` or
   * the Agent's `approve` option; a denied call never runs.
   */
  readonly needsApproval?: boolean | NeedsApproval<InferToolInput<Schema>>;
  /**
   * Maps the result to what the model sees. Default: strings → text, `toolContent(…)` → mixed content,
   * anything else → JSON.
   */
  toModelOutput?(output: ToolResultOf<Returned>): ToolOutput;
}

/**
 * Options of the object form of `tool()`.
 *
 * @example
 * ```ts
 * const options: ToolOptions<typeof input, Promise<string>> = {
 *   name: 'search',
 *   description: 'Search.',
 *   input,
 *   async execute({ query }) { return query; },
 * };
 * ```
 *
 * @category Defining tools
 */
export interface ToolOptions<Schema extends ToolInputSchema, Returned> extends ToolFunctionOptions<Schema, Returned> {
  /**
   * Runs the call: return a value, a promise, or (with an `aggregator`) an async iterable. Whatever it
   * throws becomes an error result the model sees. `name` may be omitted when this is a named function
   * (not an `execute(…) {}` method or an arrow function written inline, whose name is `execute`).
   */
  execute(input: InferToolInput<Schema>, context: ToolContext): Returned;
}
