import type { AggregatorClass, FunctionTool, JsonSchema, ToolConfig, ToolContext, ToolExecuteReturn, ToolOutput } from '@tandem/core';
import { assertToolName } from '@tandem/core';
import { assertKnownOptions, assertToolDelivery } from '@tandem/core/runtime';
import { resolveInputSchema, type InferToolInput, type ToolInputSchema } from './resolve-input-schema.js';
import { TOOL_OPTION_ALIASES, TOOL_OPTION_KEYS } from './tool-option-keys.js';
import type { ToolExecute, ToolFunctionOptions, ToolOptions, ToolResultOf } from './tool-options.js';

/**
 * Defines a function tool the model can call and an `Agent` runs.
 *
 * Two forms:
 * - `tool({ name?, description, inputSchema, execute, aggregator?, config?, toModelInput?, needsApproval?, delivery? })`
 * - `tool(async function name(input, ctx) { … }, { description, inputSchema, … })` — the name comes from the function.
 *
 * `inputSchema` is a zod 4 schema, `jsonSchema(…)`, or any Standard Schema v1; it must describe an object.
 * The model sees its JSON Schema; arguments are validated before `execute` runs, and invalid ones become an
 * error result (naming every issue with its path) without calling `execute`. (`input` is the deprecated
 * name of `inputSchema`, still accepted.)
 *
 * Throws a `TypeError` at definition for a bad or missing name, an empty description, an input schema that
 * is not an object schema, an async-generator `execute` without an `aggregator`, or an unknown option key
 * (naming the key meant, e.g. `parameters` → `inputSchema`).
 *
 * @example
 * ```ts
 * const contactMothership = tool({
 *   name: 'contact_mothership',
 *   description: 'Contact the mothership for important decisions.',
 *   inputSchema: z.object({ query: z.string() }),
 *   async execute({ query }, ctx) { return `Soon. (re: ${query})`; },
 * });
 *
 * const same = tool(async function contact_mothership({ query }: { query: string }) { return 'Soon.'; }, {
 *   description: 'Contact the mothership for important decisions.',
 *   inputSchema: z.object({ query: z.string() }),
 * });
 * ```
 *
 * @category Defining tools
 */
export function tool<Schema extends ToolInputSchema, Returned>(
  options: ToolOptions<Schema, Returned>,
): FunctionTool<InferToolInput<Schema>, ToolResultOf<Returned>>;
export function tool<Schema extends ToolInputSchema, Returned>(
  execute: ToolExecute<Schema, Returned>,
  options: ToolFunctionOptions<Schema, Returned>,
): FunctionTool<InferToolInput<Schema>, ToolResultOf<Returned>>;
export function tool(
  first: ToolOptions<ToolInputSchema, unknown> | ToolExecute<ToolInputSchema, unknown>,
  second?: ToolFunctionOptions<ToolInputSchema, unknown>,
): FunctionTool {
  const functionForm = typeof first === 'function';
  const options: unknown = functionForm ? second : first;
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      functionForm
        ? 'tool(fn, options): pass the options ({ description, inputSchema }) as the second argument.'
        : 'tool(): pass an options object ({ name, description, inputSchema, execute }) or a function and options.',
    );
  }
  const opts = options as ToolOptions<ToolInputSchema, unknown>;
  const what = `tool(${typeof opts.name === 'string' ? JSON.stringify(opts.name) : functionForm && first.name !== '' ? first.name : ''})`;
  assertKnownOptions(functionForm ? `${what} options` : what, opts, functionForm ? TOOL_OPTION_KEYS : [...TOOL_OPTION_KEYS, 'execute'], TOOL_OPTION_ALIASES);
  const execute: unknown = functionForm ? first : opts.execute;
  if (typeof execute !== 'function') {
    throw new TypeError(`${what}: \`execute\` must be a function.`);
  }
  const name = resolveName(opts.name, execute as SomeFunction, functionForm);
  const label = `tool "${name}"`;
  assertDescription(label, opts.description);
  assertAggregator(label, execute as SomeFunction, opts.aggregator);
  const input = resolveInputSchema(label, pickInputSchema(label, opts), opts.jsonSchema);
  const run = execute as (input: unknown, context: ToolContext) => ToolExecuteReturn<unknown>;
  const needsApproval = opts.needsApproval as FunctionTool['needsApproval'];
  assertNeedsApproval(label, needsApproval);
  const delivery = opts.delivery;
  assertToolDelivery(label, delivery);
  return buildTool({
    name,
    description: opts.description,
    ...input,
    execute: run,
    aggregator: opts.aggregator,
    config: opts.config,
    ...pickModelInput(label, opts),
    needsApproval,
    ...(delivery === undefined ? {} : { delivery }),
  });
}

/**
 * The input schema given as `inputSchema` or as its deprecated alias `input` (exactly one of them).
 * @internal
 */
export function pickInputSchema(label: string, options: { readonly inputSchema?: unknown; readonly input?: unknown }): ToolInputSchema {
  const { inputSchema, input } = options;
  if (inputSchema !== undefined && input !== undefined) {
    throw new TypeError(`${label}: pass \`inputSchema\` only — \`input\` is its deprecated alias, not a second schema.`);
  }
  const chosen = inputSchema ?? input;
  if (chosen === undefined) {
    throw new TypeError(`${label}: \`inputSchema\` is required — a zod 4 schema, jsonSchema(…), or a Standard Schema v1 describing an object, e.g. z.object({ query: z.string() }).`);
  }
  return chosen as ToolInputSchema;
}

/**
 * The result mapping given as `toModelInput` or as its deprecated alias `toModelOutput` (at most one).
 * @internal
 */
export function pickModelInput(
  label: string,
  options: { readonly toModelInput?: unknown; readonly toModelOutput?: unknown },
): Pick<ToolParts, 'toModelInput' | 'toModelOutput'> {
  const { toModelInput, toModelOutput } = options;
  if (toModelInput !== undefined && toModelOutput !== undefined) {
    throw new TypeError(`${label}: pass \`toModelInput\` only — \`toModelOutput\` is its deprecated alias.`);
  }
  for (const [key, value] of [['toModelInput', toModelInput], ['toModelOutput', toModelOutput]] as const) {
    if (value !== undefined && typeof value !== 'function') throw new TypeError(`${label}: \`${key}\` must be a function.`);
  }
  return {
    toModelInput: toModelInput as ToolParts['toModelInput'],
    toModelOutput: toModelOutput as ToolParts['toModelOutput'],
  };
}

type SomeFunction = (...args: never[]) => unknown;

interface ToolParts {
  readonly name: string;
  readonly description: string;
  readonly params: JsonSchema;
  readonly validate: NonNullable<FunctionTool['validate']>;
  readonly execute: (input: unknown, context: ToolContext) => ToolExecuteReturn<unknown>;
  readonly aggregator: AggregatorClass | undefined;
  readonly config: ToolConfig | undefined;
  readonly toModelInput: ((output: unknown) => unknown) | undefined;
  readonly toModelOutput: ((output: unknown) => ToolOutput) | undefined;
  readonly needsApproval?: FunctionTool['needsApproval'];
  readonly delivery?: FunctionTool['delivery'];
}

/**
 * Assembles a frozen `FunctionTool`, leaving out absent optional fields. The deprecated `spec` is there too
 * (not enumerable), for code that still reads `tool.spec.params`.
 * @internal
 */
export function buildTool(parts: ToolParts): FunctionTool {
  const built: FunctionTool = {
    kind: 'function',
    name: parts.name,
    description: parts.description,
    inputSchema: parts.params,
    execute: parts.execute,
    validate: parts.validate,
    ...(parts.aggregator === undefined ? {} : { aggregator: parts.aggregator }),
    ...(parts.config === undefined ? {} : { config: parts.config }),
    ...(parts.toModelInput === undefined ? {} : { toModelInput: parts.toModelInput }),
    ...(parts.toModelOutput === undefined ? {} : { toModelOutput: parts.toModelOutput }),
    ...(parts.needsApproval === undefined ? {} : { needsApproval: parts.needsApproval }),
    ...(parts.delivery === undefined ? {} : { delivery: parts.delivery }),
  };
  return Object.freeze(withLegacySpec(built, parts.description, parts.params));
}

/**
 * Adds the deprecated `spec: { description, params }` to a tool as a non-enumerable property.
 * @internal
 */
export function withLegacySpec<T extends object>(tool: T, description: string, params: JsonSchema): T {
  return Object.defineProperty(tool, 'spec', { value: Object.freeze({ description, params }), enumerable: false });
}

function resolveName(explicit: unknown, execute: SomeFunction, functionForm: boolean): string {
  if (explicit !== undefined) {
    assertToolName(explicit);
    return explicit;
  }
  const inferred = execute.name.replace(/^bound /, '');
  if (inferred === '' || inferred === 'execute') {
    const what = inferred === '' ? 'an anonymous function' : 'a function named "execute" (an `execute(…) {}` method or an inline arrow)';
    const fix = functionForm ? 'name the function (`async function my_tool(input) {…}`)' : 'reference a named function as `execute`';
    throw new TypeError(`tool(): pass an explicit \`name\` — it cannot be inferred from ${what}. Add \`name: 'my_tool'\`, or ${fix}.`);
  }
  assertToolName(inferred, 'tool name (inferred from the function name)');
  return inferred;
}

/** A tool's `description`: the model reads it, so it must say something. @internal */
export function assertDescription(label: string, description: unknown): asserts description is string {
  if (typeof description !== 'string' || description.trim() === '') {
    throw new TypeError(`${label}: \`description\` must be a non-empty string — the model reads it to decide when to call the tool.`);
  }
}

/** A tool's `needsApproval`: absent, a boolean or a predicate. @internal */
export function assertNeedsApproval(label: string, needsApproval: unknown): void {
  if (needsApproval !== undefined && typeof needsApproval !== 'boolean' && typeof needsApproval !== 'function') {
    throw new TypeError(`${label}: \`needsApproval\` must be true, false, or a function (input, ctx) => boolean.`);
  }
}

function assertAggregator(label: string, execute: SomeFunction, aggregator: unknown): void {
  if (aggregator === undefined) {
    if (Object.prototype.toString.call(execute) === '[object AsyncGeneratorFunction]') {
      throw new TypeError(
        `${label}: \`execute\` is an async generator, so the tool needs an \`aggregator\` to fold what it yields into one result. ` +
          'Pass a built-in aggregator class from @tandem/aggregators — TextAggregator (concatenates strings), ' +
          'StatusAggregator (the last yield is the result), SubAgentAggregator (a nested agent\'s events) — ' +
          'or your own class implementing Aggregator with a static toModelInput().',
      );
    }
    return;
  }
  const candidate = aggregator as { toModelInput?: unknown };
  if (typeof aggregator !== 'function' || typeof candidate.toModelInput !== 'function') {
    throw new TypeError(
      `${label}: \`aggregator\` must be an aggregator class (constructible, with a static toModelInput()), e.g. TextAggregator from @tandem/aggregators — pass the class, not an instance.`,
    );
  }
}
