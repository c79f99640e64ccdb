import type { ResponseFormat } from '../spec/language-model/v1/response-format.js';
import type { JsonSchema } from '../spec/shared/json.js';
import type { OutputSchema } from './output-schema.js';
import { OutputValidationError } from './output-validation-error.js';

/**
 * The `responseFormat` a run with `output` sends on every model request.
 * @throws TypeError when the schema cannot describe itself as JSON Schema.
 * @internal
 */
export function responseFormatOf(schema: OutputSchema): ResponseFormat {
  const standard = (schema as Partial<OutputSchema> | null)?.['~standard'];
  if (standard === undefined || typeof standard.validate !== 'function') {
    throw new TypeError('run(…, { output }): `output` must be a zod 4 schema, jsonSchema(…) from @tandem/tools, or another Standard Schema.');
  }
  const converter = standard.jsonSchema;
  if (converter === undefined || typeof converter.input !== 'function') {
    throw new TypeError(
      `run(…, { output }): this ${standard.vendor} schema cannot describe itself as JSON Schema (it does not implement Standard JSON Schema). Use a zod 4 schema or wrap a JSON Schema with jsonSchema(…) from @tandem/tools.`,
    );
  }
  let json: JsonSchema;
  try {
    json = { ...converter.input({ target: 'draft-07' }) };
  } catch {
    json = { ...converter.input({ target: 'draft-2020-12' }) };
  }
  delete json['$schema'];
  return { type: 'json', schema: json, name: 'output' };
}

/**
 * Parses and validates a final answer against the run's `output` schema.
 * @throws OutputValidationError when the text is not JSON or does not validate.
 * @internal
 */
export async function parseOutput<T>(schema: OutputSchema<T>, text: string): Promise<T> {
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch (error) {
    throw new OutputValidationError({ text, issues: [{ message: `not valid JSON (${error instanceof Error ? error.message : String(error)})` }] });
  }
  const result = await schema['~standard'].validate(value);
  if (result.issues !== undefined) throw new OutputValidationError({ text, issues: result.issues });
  return result.value;
}

/** Models without a native JSON mode sometimes wrap the answer in a Markdown code fence. */
function stripFence(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  return fenced?.[1] ?? trimmed;
}
