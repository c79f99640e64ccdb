/** The keys of `tool()`'s function form (the object form adds `execute`). @internal */
export const TOOL_OPTION_KEYS = [
  'name',
  'description',
  'inputSchema',
  'input',
  'jsonSchema',
  'aggregator',
  'config',
  'needsApproval',
  'delivery',
  'toModelInput',
  'toModelOutput',
] as const;

/**
 * Names other tool libraries use, and the Tandem option each means (`parameters` → `inputSchema`).
 * @internal
 */
export const TOOL_OPTION_ALIASES: Readonly<Record<string, string>> = {
  parameters: 'inputSchema',
  params: 'inputSchema',
  schema: 'inputSchema',
  input_schema: 'inputSchema',
  argsSchema: 'inputSchema',
  args: 'inputSchema',
  spec: 'inputSchema',
  handler: 'execute',
  run: 'execute',
  fn: 'execute',
  invoke: 'execute',
  func: 'execute',
  requiresApproval: 'needsApproval',
  requireApproval: 'needsApproval',
  approval: 'needsApproval',
  timeout: 'config',
  timeoutMs: 'config',
  retry: 'config',
  toModelOutputs: 'toModelInput',
};
