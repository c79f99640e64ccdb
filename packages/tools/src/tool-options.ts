import type { AggregatorClass, JsonSchema, NeedsApproval, ToolConfig, ToolContext, ToolOutput } from '@tandem/core';
import type { ToolDelivery } from '@tandem/core/spec';
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
 * A tool's input schema option: `inputSchema`, or its deprecated alias `input` (one of the two).
 *
 * @example
 * ```ts
 * const option: ToolInputSchemaOption<typeof schema> = { inputSchema: z.object({ query: z.string() }) };
 * ```
 *
 * @category Defining tools
 */
export type ToolInputSchemaOption<Schema extends ToolInputSchema> =
  | {
      /** The input: a zod 4 schema, `jsonSchema(…)`, or a Standard Schema v1. Must describe an object. */
      readonly inputSchema: Schema;
      readonly input?: undefined;
    }
  | {
      /** @deprecated Use `inputSchema`. */
      readonly input: Schema;
      readonly inputSchema?: undefined;
    };

/**
 * The options every form of `tool()` shares (everything but the input schema and `execute`).
 *
 * @example
 * ```ts
 * const common: ToolCommonOptions<Promise<string>> = { description: 'Search.', config: { timeoutMs: 5_000 } };
 * ```
 *
 * @category Defining tools
 */
export interface ToolCommonOptions<Returned, Input = unknown> {
  /** The name the model calls; defaults to the function's name. Must match `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name?: string;
  /** What the tool does and when to use it — the model reads this. Required, non-empty. */
  readonly description: string;
  /**
   * The JSON Schema the model sees. Needed for a Standard Schema that cannot produce one (one without
   * `~standard.jsonSchema`); when given, it replaces the schema derived from `inputSchema` (validation still
   * uses `inputSchema`).
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
  readonly needsApproval?: boolean | NeedsApproval<Input>;
  /**
   * For realtime (`BidiAgent`) conversations: when the model speaks about this tool's result —
   * `'when-idle'` (default: once neither it nor the user is speaking), `'interrupt'` (now, cutting its
   * current response) or `'silent'` (added to its context, no answer asked for). Text agents ignore it.
   */
  readonly delivery?: ToolDelivery;
  /**
   * Maps the result to what the model sees: return a `ToolOutput` (`{ type: 'text', value }`, …) or a plain
   * value, mapped like a return value. Default: strings → text, `toolContent(…)` → mixed content, anything
   * else → JSON.
   */
  toModelInput?(output: ToolResultOf<Returned>): unknown;
  /** @deprecated Use `toModelInput` (which may also return a plain value). */
  toModelOutput?(output: ToolResultOf<Returned>): ToolOutput;
}

/**
 * Everything of {@link ToolOptions} except `execute` — the second argument of the function form of `tool()`.
 *
 * @example
 * ```ts
 * tool(async function search({ query }: { query: string }) { return query; }, {
 *   description: 'Search.',
 *   inputSchema: z.object({ query: z.string() }),
 *   config: { timeoutMs: 5_000 },
 * });
 * ```
 *
 * @category Defining tools
 */
export type ToolFunctionOptions<Schema extends ToolInputSchema, Returned> = ToolCommonOptions<Returned, InferToolInput<Schema>> &
  ToolInputSchemaOption<Schema>;

/**
 * Options of the object form of `tool()`.
 *
 * @example
 * ```ts
 * const options: ToolOptions<typeof inputSchema, Promise<string>> = {
 *   name: 'search',
 *   description: 'Search.',
 *   inputSchema,
 *   async execute({ query }) { return query; },
 * };
 * ```
 *
 * @category Defining tools
 */
export type ToolOptions<Schema extends ToolInputSchema, Returned> = ToolFunctionOptions<Schema, Returned> & {
  /**
   * Runs the call: return a value, a promise, or (with an `aggregator`) an async iterable. Whatever it
   * throws becomes an error result the model sees. `name` may be omitted when this is a named function
   * (not an `execute(…) {}` method or an arrow function written inline, whose name is `execute`).
   */
  execute(input: InferToolInput<Schema>, context: ToolContext): Returned;
};
