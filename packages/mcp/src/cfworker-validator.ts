import type * as CfWorkerModule from '@cfworker/json-schema';
import type { jsonSchemaValidator, JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/**
 * The MCP SDK's `jsonSchemaValidator`, backed by `@cfworker/json-schema` (draft 2020-12 unless the schema's
 * `$schema` names draft-07; every error listed with its location). Needs no `eval`, so clients and servers
 * work on edge runtimes; the same library validates `jsonSchema()` tool input in `@tandem/tools`.
 * @internal
 */
export function cfworkerValidator(cfworker: typeof CfWorkerModule): jsonSchemaValidator {
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      const validator = new cfworker.Validator(structuredClone(schema) as CfWorkerModule.Schema, draftOf(schema), false);
      return (input: unknown) => {
        const result = validator.validate(input);
        if (result.valid) return { valid: true, data: input as T, errorMessage: undefined };
        const errorMessage = result.errors.map((error) => `${error.instanceLocation.replace(/^#/, '') || '/'}: ${error.error}`).join('; ');
        return { valid: false, data: undefined, errorMessage };
      };
    },
  };
}

function draftOf(schema: JsonSchemaType): CfWorkerModule.SchemaDraft {
  const declared: unknown = (schema as { $schema?: unknown }).$schema;
  if (typeof declared === 'string' && (declared.includes('draft-07') || declared.includes('draft-06'))) return '7';
  return '2020-12';
}
