import type { JsonSchema } from '../../shared/json.js';

/**
 * Asks the model for a final answer in a given shape. `{ type: 'json', schema }` means: answer with one
 * JSON value that validates against `schema`. Providers map it to their vendor's native structured-output
 * mode (OpenAI `json_schema`, Gemini `responseJsonSchema`, Ollama `format`, …) and document what they do
 * where the vendor has none.
 *
 * @example
 * ```ts
 * const responseFormat: ResponseFormat = {
 *   type: 'json',
 *   name: 'weather',
 *   schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
 * };
 * ```
 *
 * @category Language model spec
 */
export interface ResponseFormat {
  readonly type: 'json';
  /** JSON Schema of the answer (an object schema for the widest vendor support). */
  readonly schema: JsonSchema;
  /** A name for the schema, for vendors that want one (letters, digits, `_`, `-`). Default `response`. */
  readonly name?: string;
  /** What the answer is, for vendors that pass a description to the model. */
  readonly description?: string;
}
