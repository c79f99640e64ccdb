import type { ToolInputSchema } from './resolve-input-schema.js';
import {
  terminateWorkerPools as terminate,
  workerTool as create,
  type WorkerTool as WorkerToolType,
  type WorkerToolCommonOptions as CommonOptions,
  type WorkerToolOptions as Options,
} from './worker-tool.js';
import { WorkerToolError as ToolError } from './worker-tool-error.js';

// The old home of workerTool: @tandem/tools. Kept as deprecated aliases of @tandem/tools/worker, which holds the
// real exports (the pool loads node:worker_threads on first use, so this entry still bundles for browsers).

/**
 * @deprecated Import it from `@tandem/tools/worker` (Node, Deno and Bun only); this alias goes in the next
 * major version.
 *
 * @example
 * ```ts
 * import { workerTool } from '@tandem/tools/worker';
 * ```
 *
 * @category Worker tools
 */
export const workerTool: typeof create = create;

/**
 * @deprecated Import it from `@tandem/tools/worker`; this alias goes in the next major version.
 *
 * @example
 * ```ts
 * import { terminateWorkerPools } from '@tandem/tools/worker';
 * await terminateWorkerPools();
 * ```
 *
 * @category Worker tools
 */
export const terminateWorkerPools: typeof terminate = terminate;

/**
 * @deprecated Import it from `@tandem/tools/worker`; this alias goes in the next major version.
 *
 * @example
 * ```ts
 * import { WorkerToolError } from '@tandem/tools/worker';
 * if (WorkerToolError.isInstance(error)) console.error(error.message);
 * ```
 *
 * @category Errors
 */
export const WorkerToolError: typeof ToolError = ToolError;
/**
 * @deprecated Import it from `@tandem/tools/worker`.
 *
 * @example
 * ```ts
 * import type { WorkerToolError } from '@tandem/tools/worker';
 * ```
 *
 * @category Errors
 */
export type WorkerToolError = ToolError;

/**
 * @deprecated Import it from `@tandem/tools/worker`.
 *
 * @example
 * ```ts
 * import type { WorkerTool } from '@tandem/tools/worker';
 * ```
 *
 * @category Worker tools
 */
export type WorkerTool<Input = unknown, Output = unknown> = WorkerToolType<Input, Output>;

/**
 * @deprecated Import it from `@tandem/tools/worker`.
 *
 * @example
 * ```ts
 * import type { WorkerToolOptions } from '@tandem/tools/worker';
 * ```
 *
 * @category Worker tools
 */
export type WorkerToolOptions<Schema extends ToolInputSchema, Output> = Options<Schema, Output>;

/**
 * @deprecated Import it from `@tandem/tools/worker`.
 *
 * @example
 * ```ts
 * import type { WorkerToolCommonOptions } from '@tandem/tools/worker';
 * ```
 *
 * @category Worker tools
 */
export type WorkerToolCommonOptions<Output> = CommonOptions<Output>;
