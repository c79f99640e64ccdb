/**
 * `workerTool()`: a tool whose work runs on a `node:worker_threads` pool, so synchronous or CPU-bound code
 * never blocks the event loop. Runs in Node 20.19+, Deno 2 and Bun 1 (not in browsers or workerd).
 *
 * @example
 * ```ts
 * import { workerTool } from '@tandem/tools/worker';
 * const hash = workerTool({ name: 'hash', description: 'Hashes text.', inputSchema: z.object({ text: z.string() }), module: new URL('./hash.js', import.meta.url), export: 'hash' });
 * ```
 *
 * @packageDocumentation
 */
export { workerTool, terminateWorkerPools, type WorkerTool, type WorkerToolOptions, type WorkerToolCommonOptions } from './worker-tool.js';
export { WorkerToolError } from './worker-tool-error.js';
