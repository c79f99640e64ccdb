/**
 * Tandem tools: `tool()` with zod 4, JSON Schema or Standard Schema input, schema-only tools with
 * `defineTool()`, and `workerTool()` for CPU-bound code on a worker-thread pool.
 *
 * @packageDocumentation
 */
export { tool } from './tool.js';
export type { ToolOptions, ToolFunctionOptions, ToolCommonOptions, ToolInputSchemaOption, ToolExecute, ToolResultOf } from './tool-options.js';
export { jsonSchema, type JsonSchemaOptions, type JsonSchemaInput } from './json-schema.js';
export type { ToolInputSchema, InferToolInput } from './resolve-input-schema.js';
export { defineTool, type SchemaOnlyToolCommon, type SchemaOnlyToolDefinition } from './define-tool.js';
export { TOOL_NAME_PATTERN, assertToolName } from '@tandem/core';
export { workerTool, terminateWorkerPools, type WorkerTool, type WorkerToolOptions, type WorkerToolCommonOptions } from './worker-tool.js';
export { WorkerToolError } from './worker-tool-error.js';
export { toolContent, isToolContent, type ToolContent, type FunctionTool, type ToolContext } from '@tandem/core';
