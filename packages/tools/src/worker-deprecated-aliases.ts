import { terminateWorkerPools as terminate, workerTool as create } from './worker-tool.js';
import { WorkerToolError as ToolError } from './worker-tool-error.js';

export type { WorkerTool, WorkerToolOptions, WorkerToolCommonOptions } from './worker-tool.js';

/**
 * @deprecated Import it from `@tandem/tools/worker` (the Node-only subpath); this alias will be removed in
 * the next major version.
 *
 * @example
 * ```ts
 * import { workerTool } from '@tandem/tools/worker';
 * ```
 */
export const workerTool: typeof create = create;

/**
 * @deprecated Import it from `@tandem/tools/worker`; this alias will be removed in the next major version.
 *
 * @example
 * ```ts
 * import { terminateWorkerPools } from '@tandem/tools/worker';
 * await terminateWorkerPools();
 * ```
 */
export const terminateWorkerPools: typeof terminate = terminate;

/**
 * @deprecated Import it from `@tandem/tools/worker`; this alias will be removed in the next major version.
 *
 * @example
 * ```ts
 * import { WorkerToolError } from '@tandem/tools/worker';
 * if (WorkerToolError.isInstance(error)) console.error(error.message);
 * ```
 */
export const WorkerToolError: typeof ToolError = ToolError;
/** @deprecated Import it from `@tandem/tools/worker`. */
export type WorkerToolError = ToolError;
