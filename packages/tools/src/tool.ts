import type { AggregatorClass, FunctionTool, ToolConfig, ToolContext, ToolExecuteReturn, ToolOutput } from '@tandem/core';
import { assertToolName } from '@tandem/core';
import { resolveInputSchema, type InferToolInput, type ToolInputSchema } from './resolve-input-schema.js';
import type { ToolExecute, ToolFunctionOptions, ToolOptions, ToolResultOf } from './tool-options.js';

/**
 * Defines a function tool the model can call and an `Agent` runs.
 *
 * Two forms:
 * - `tool({ name?, description, input, execute, aggregator?, config?, toModelOutput? })`
 * - `tool(async function name(input, ctx) { … }, { description, input, … })` — the name comes from the function.
 *
 * `input` is a zod 4 schema, `jsonSchema(…)`, or any Standard Schema v1; it must describe an object. The
 * model sees its JSON Schema; arguments are validated before `execute` runs, and invalid ones become an
 * error result (naming every issue with its path) without calling `execute`.
 *
 * Throws a `TypeError` at definition for a bad or missing name, an empty description, an input that is
 * not an object schema, or an async-generator `execute` without an `aggregator`.
 *
 * @example
 * ```ts
 * const contactMothership = tool({
 *   name: 'contact_mothership',
 *   description: 'Contact the mothership for important decisions.',
 *   input: z.object({ query: z.string() }),
 *   async execute({ query }, ctx) { return `Soon. (re: ${query})`; },
 * });
 *
 * const same = tool(async function contact_mothership({ query }: { query: string }) { return 'Soon.'; }, {
 *   description: 'Contact the mothership for important decisions.',
 *   input: z.object({ query: z.string() }),
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
        ? 'tool(fn, options): pass the options ({ description, input }) as the second argument.'
        : 'tool(): pass an options object ({ name, description, input, execute }) or a function and options.',
    );
  }
  const opts = options as ToolOptions<ToolInputSchema, unknown>;
  const execute: unknown = functionForm ? first : opts.execute;
  if (typeof execute !== 'function') {
    throw new TypeError(`tool(${opts.name === undefined ? '' : JSON.stringify(opts.name)}): \`execute\` must be a function.`);
  }
  const name = resolveName(opts.name, execute as SomeFunction, functionForm);
  const label = `tool "${name}"`;
  assertDescription(label, opts.description);
  assertAggregator(label, execute as SomeFunction, opts.aggregator);
  const input = resolveInputSchema(label, opts.input, opts.jsonSchema);
  const run = execute as (input: unknown, context: ToolContext) => ToolExecuteReturn<unknown>;
  const toModelOutput = opts.toModelOutput as ((output: unknown) => ToolOutput) | undefined;
  if (toModelOutput !== undefined && typeof toModelOutput !== 'function') {
    throw new TypeError(`${label}: \`toModelOutput\` must be a function.`);
  }
  const needsApproval = opts.needsApproval as FunctionTool['needsApproval'];
  if (needsApproval !== undefined && typeof needsApproval !== 'boolean' && typeof needsApproval !== 'function') {
    throw new TypeError(`${label}: \`needsApproval\` must be true, false, or a function (input, ctx) => boolean.`);
  }
  return buildTool({ name, description: opts.description, ...input, execute: run, aggregator: opts.aggregator, config: opts.config, toModelOutput, needsApproval });
}

type SomeFunction = (...args: never[]) => unknown;

interface ToolParts {
  readonly name: string;
  readonly description: string;
  readonly params: FunctionTool['spec']['params'];
  readonly validate: NonNullable<FunctionTool['validate']>;
  readonly execute: (input: unknown, context: ToolContext) => ToolExecuteReturn<unknown>;
  readonly aggregator: AggregatorClass | undefined;
  readonly config: ToolConfig | undefined;
  readonly toModelOutput: ((output: unknown) => ToolOutput) | undefined;
  readonly needsApproval?: FunctionTool['needsApproval'];
}

/**
 * Assembles a frozen `FunctionTool`, leaving out absent optional fields.
 * @internal
 */
export function buildTool(parts: ToolParts): FunctionTool {
  const built: FunctionTool = {
    kind: 'function',
    name: parts.name,
    spec: Object.freeze({ description: parts.description, params: parts.params }),
    execute: parts.execute,
    validate: parts.validate,
    ...(parts.aggregator === undefined ? {} : { aggregator: parts.aggregator }),
    ...(parts.config === undefined ? {} : { config: parts.config }),
    ...(parts.toModelOutput === undefined ? {} : { toModelOutput: parts.toModelOutput }),
    ...(parts.needsApproval === undefined ? {} : { needsApproval: parts.needsApproval }),
  };
  return Object.freeze(built);
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

function assertDescription(label: string, description: unknown): void {
  if (typeof description !== 'string' || description.trim() === '') {
    throw new TypeError(`${label}: \`description\` must be a non-empty string — the model reads it to decide when to call the tool.`);
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
