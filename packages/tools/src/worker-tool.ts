import type { FunctionTool, JsonSchema, ToolConfig, ToolOutput } from '@tandem/core';
import { assertToolName } from '@tandem/core';
import { assertKnownOptions } from '@tandem/core/runtime';
import { resolveInputSchema, type InferToolInput, type ToolInputSchema } from './resolve-input-schema.js';
import { buildTool, pickInputSchema, pickModelInput, withLegacySpec } from './tool.js';
import { TOOL_OPTION_ALIASES } from './tool-option-keys.js';
import type { ToolInputSchemaOption } from './tool-options.js';
import { defaultPoolSize, WorkerPool } from './worker-pool.js';

/**
 * Options of {@link workerTool}.
 *
 * @example
 * ```ts
 * const options: WorkerToolOptions<typeof inputSchema, number> = {
 *   name: 'hash',
 *   description: 'Hashes a string.',
 *   inputSchema,
 *   module: new URL('./hash.worker.mjs', import.meta.url),
 *   export: 'hash',
 * };
 * ```
 *
 * @category Worker tools
 */
export type WorkerToolOptions<Schema extends ToolInputSchema, Output> = WorkerToolCommonOptions<Output> & ToolInputSchemaOption<Schema>;

/**
 * The options of {@link workerTool} besides its input schema (`inputSchema`, or the deprecated `input`).
 *
 * @example
 * ```ts
 * const common: WorkerToolCommonOptions<number> = { description: 'Hashes.', module: new URL('./hash.worker.mjs', import.meta.url) };
 * ```
 *
 * @category Worker tools
 */
export interface WorkerToolCommonOptions<Output> {
  /** The name the model calls; defaults to `export` (unless that is `'default'`). */
  readonly name?: string;
  /** What the tool does and when to use it. Required, non-empty. */
  readonly description: string;
  /** The JSON Schema the model sees, for a Standard Schema that cannot produce one (see `tool()`). */
  readonly jsonSchema?: JsonSchema;
  /** The ES module to run, e.g. `new URL('./hash.worker.mjs', import.meta.url)` (a `file:` or `data:` URL). */
  readonly module: URL | string;
  /** The exported function to call with the validated input. Default `'default'`. */
  readonly export?: string;
  /**
   * Maximum worker threads for this module's pool (shared by every `workerTool` of the same module; the
   * largest requested size wins). Default: available cores − 1, between 1 and 4.
   */
  readonly poolSize?: number;
  /** Timeout and retry policy; a timeout aborts the call, which terminates its worker. */
  readonly config?: ToolConfig;
  /** Maps the function's return value to what the model sees: a `ToolOutput` or a plain value (default: strings → text, else JSON). */
  toModelInput?(output: Output): unknown;
  /** @deprecated Use `toModelInput`. */
  toModelOutput?(output: Output): ToolOutput;
}

const WORKER_TOOL_OPTION_KEYS = [
  'name',
  'description',
  'inputSchema',
  'input',
  'jsonSchema',
  'module',
  'export',
  'poolSize',
  'config',
  'toModelInput',
  'toModelOutput',
];

/**
 * A tool made by {@link workerTool}: a `FunctionTool` that can also shut its worker pool down.
 *
 * @example
 * ```ts
 * await using hash = workerTool({ name: 'hash', description: 'Hashes.', inputSchema, module, export: 'hash' });
 * // the pool is terminated when `hash` goes out of scope
 * ```
 *
 * @category Worker tools
 */
export interface WorkerTool<Input = unknown, Output = unknown> extends FunctionTool<Input, Output>, AsyncDisposable {
  /**
   * Terminates the worker pool of this tool's module (shared with other worker tools of the same module).
   * Running and queued calls fail with `WorkerToolError`; the next call starts a fresh pool.
   */
  terminate(): Promise<void>;
}

const pools = new Map<string, WorkerPool>();

/**
 * A tool whose work runs in a `node:worker_threads` pool, so synchronous or CPU-bound code never blocks
 * the event loop (streams, other tools and timers keep going). The exported function receives the
 * validated input and returns a value or a promise.
 *
 * - Inputs and return values cross threads by structured clone: plain data, `Date`, `Map`, `Set`, typed
 *   arrays — no functions, class instances lose their prototype. A non-cloneable return value fails the call.
 * - One pool per module URL, started lazily on the first call. Idle workers are `unref()`ed, so they never
 *   keep the process alive; call `terminate()` (or {@link terminateWorkerPools}) to free them early.
 * - When `ctx.signal` aborts (cancel or `config.timeoutMs`), the call rejects with `signal.reason` at once;
 *   a running call's worker is terminated and replaced on demand.
 * - An error thrown by the function comes back with its `name`, `message` (and `stack`/`code`); a worker that
 *   exits or crashes fails the call with a `WorkerToolError`.
 *
 * @example
 * ```ts
 * // primes.worker.mjs: export function countPrimes({ below }) { … return count; }
 * const countPrimes = workerTool({
 *   name: 'count_primes',
 *   description: 'Counts the primes below a number.',
 *   inputSchema: z.object({ below: z.number().int().positive() }),
 *   module: new URL('./primes.worker.mjs', import.meta.url),
 *   export: 'countPrimes',
 * });
 * ```
 *
 * @category Worker tools
 */
export function workerTool<Schema extends ToolInputSchema, Output = unknown>(
  options: WorkerToolOptions<Schema, Output>,
): WorkerTool<InferToolInput<Schema>, Output> {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('workerTool(): pass { name, description, inputSchema, module, export }.');
  }
  assertKnownOptions(`workerTool(${typeof options.name === 'string' ? JSON.stringify(options.name) : ''})`, options, WORKER_TOOL_OPTION_KEYS, {
    ...TOOL_OPTION_ALIASES,
    handler: 'export',
    fn: 'export',
    workers: 'poolSize',
  });
  const exportName = options.export ?? 'default';
  if (typeof exportName !== 'string' || exportName === '') throw new TypeError('workerTool(): `export` must be the name of an exported function.');
  if (options.name === undefined && exportName === 'default') {
    throw new TypeError('workerTool(): pass a `name` — it is inferred from `export` only when that is not "default".');
  }
  const name = options.name ?? exportName;
  assertToolName(name, options.name === undefined ? 'tool name (inferred from `export`)' : 'tool name');
  const label = `workerTool "${name}"`;
  if (typeof options.description !== 'string' || options.description.trim() === '') {
    throw new TypeError(`${label}: \`description\` must be a non-empty string — the model reads it to decide when to call the tool.`);
  }
  const moduleUrl = resolveModuleUrl(label, options.module);
  const poolSize = options.poolSize ?? defaultPoolSize();
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new RangeError(`${label}: \`poolSize\` must be a positive integer, got ${String(poolSize)}.`);
  const modelInput = pickModelInput(label, options);
  const input = resolveInputSchema(label, pickInputSchema(label, options), options.jsonSchema);
  const pool = (): WorkerPool => {
    let shared = pools.get(moduleUrl);
    if (shared === undefined) {
      shared = new WorkerPool(moduleUrl, poolSize);
      pools.set(moduleUrl, shared);
    } else shared.grow(poolSize);
    return shared;
  };
  const terminate = async (): Promise<void> => {
    const shared = pools.get(moduleUrl);
    if (shared === undefined) return;
    pools.delete(moduleUrl);
    await shared.terminate();
  };
  const base = buildTool({
    name,
    description: options.description,
    ...input,
    execute: (value, context) => pool().run(exportName, value, context.signal),
    aggregator: undefined,
    config: options.config,
    ...modelInput,
  });
  const built = Object.freeze(withLegacySpec({ ...base, terminate, [Symbol.asyncDispose]: terminate }, options.description, input.params));
  return built as WorkerTool<InferToolInput<Schema>, Output>;
}

/**
 * Terminates every worker pool started by {@link workerTool} in this process (e.g. in a test's `afterAll`
 * or a graceful shutdown). Running and queued calls fail with `WorkerToolError`; later calls start new pools.
 *
 * @example
 * ```ts
 * process.once('SIGTERM', () => void terminateWorkerPools());
 * ```
 *
 * @category Worker tools
 */
export async function terminateWorkerPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.terminate()));
}

function resolveModuleUrl(label: string, module: unknown): string {
  const href = module instanceof URL ? module.href : typeof module === 'string' ? module : undefined;
  if (href !== undefined && /^(file|data):/.test(href)) return href;
  throw new TypeError(
    `${label}: \`module\` must be a file: or data: URL of an ES module, e.g. new URL('./work.worker.mjs', import.meta.url); got ${JSON.stringify(String(module))}.`,
  );
}
