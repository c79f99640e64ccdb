import type { JsonSchema } from '../../shared/json.js';

/**
 * A function tool the model may call; the caller executes it.
 *
 * @category Language model spec
 */
export interface FunctionToolDefinition {
  readonly kind: 'function';
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the tool's input; always an object schema. */
  readonly inputSchema: JsonSchema;
  /**
   * How a realtime (bidi) model should deliver this tool's result: `interrupt` (answer now, cutting the current
   * response), `when-idle` (answer once neither side is speaking; the default) or `silent` (add to context only).
   * Text models ignore it. Lets an adapter declare non-blocking functions at setup.
   */
  readonly delivery?: ToolDelivery;
}

/**
 * When a realtime model answers a tool result: `interrupt` > `when-idle` > `silent` in urgency.
 *
 * @example
 * ```ts
 * const mode: ToolDelivery = 'when-idle';
 * ```
 *
 * @category Language model spec
 */
export type ToolDelivery = 'when-idle' | 'interrupt' | 'silent';

/**
 * A tool the provider executes itself (web search, code execution, …). `id` is `<provider>.<tool>`
 * (e.g. `anthropic.web_search`); providers ignore ids that are not theirs, with a warning.
 *
 * @category Language model spec
 */
export interface ProviderToolDefinition {
  readonly kind: 'provider';
  readonly id: `${string}.${string}`;
  readonly name: string;
  readonly args: { readonly [key: string]: unknown };
}

/**
 * A tool as a model sees it.
 *
 * @category Language model spec
 */
export type ToolDefinition = FunctionToolDefinition | ProviderToolDefinition;

/**
 * How the model may use tools.
 *
 * @category Language model spec
 */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly type: 'tool'; readonly toolName: string };
