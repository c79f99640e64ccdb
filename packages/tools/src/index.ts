/**
 * Tandem tools: `tool()` with zod 4, JSON Schema or Standard Schema input, and schema-only tools with
 * `defineTool()`. Runs in Node, Deno, Bun, workerd and browsers. `workerTool()` (CPU-bound code on a
 * worker-thread pool, Node/Deno/Bun only) lives in `@tandem/tools/worker`.
 *
 * @packageDocumentation
 */
export { tool } from './tool.js';
export type { ToolOptions, ToolFunctionOptions, ToolCommonOptions, ToolInputSchemaOption, ToolExecute, ToolResultOf } from './tool-options.js';
export { jsonSchema, type JsonSchemaOptions, type JsonSchemaInput } from './json-schema.js';
export type { ToolInputSchema, InferToolInput } from './resolve-input-schema.js';
export { defineTool, type SchemaOnlyToolCommon, type SchemaOnlyToolDefinition } from './define-tool.js';
export { TOOL_NAME_PATTERN, assertToolName } from '@tandem/core';
export { workerTool, terminateWorkerPools, WorkerToolError, type WorkerTool, type WorkerToolOptions, type WorkerToolCommonOptions } from './worker-deprecated-aliases.js';
export { toolContent, isToolContent, type ToolContent, type FunctionTool, type ToolContext } from '@tandem/core';
