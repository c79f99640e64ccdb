import type { ToolInputValidation } from '@tandem/core';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { cfworkerValidator } from './cfworker-validator.js';
import { loadClientSdk, loadedClientSdk, type McpClientSdk } from './mcp-sdk.js';

/**
 * Validates a call's arguments against an MCP tool's `inputSchema` before the call is sent, with the
 * validator the client uses for results (`@cfworker/json-schema`): bad arguments become an error result
 * naming each problem and its location, and the server is never called. A schema the validator cannot
 * compile is left to the server (validation is skipped, never a false rejection).
 * @internal
 */
export function mcpInputValidator(schema: unknown): (input: unknown) => ToolInputValidation<unknown> | Promise<ToolInputValidation<unknown>> {
  let check: JsonSchemaValidator<unknown> | null | undefined;
  const compile = (sdk: McpClientSdk): JsonSchemaValidator<unknown> | null => {
    if (check !== undefined) return check;
    try {
      check = typeof schema === 'object' && schema !== null ? cfworkerValidator(sdk.jsonSchema).getValidator<unknown>(schema as JsonSchemaType) : null;
    } catch {
      check = null;
    }
    return check;
  };
  const run = (sdk: McpClientSdk, input: unknown): ToolInputValidation<unknown> => {
    const validate = compile(sdk);
    if (validate === null) return { success: true, value: input };
    const result = validate(input);
    return result.valid ? { success: true, value: input } : { success: false, error: result.errorMessage ?? 'Invalid arguments.' };
  };
  return (input) => {
    const sdk = loadedClientSdk();
    return sdk === undefined ? loadClientSdk().then((loaded) => run(loaded, input)) : run(sdk, input);
  };
}
