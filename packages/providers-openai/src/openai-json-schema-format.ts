import type { ResponseFormat } from '@tandem/core/spec';
import { isStrictJsonSchema } from './is-strict-json-schema.js';

/** The fields OpenAI's `json_schema` response format takes on both APIs. @internal */
export interface OpenAIJsonSchemaFormat {
  readonly name: string;
  readonly schema: { readonly [key: string]: unknown };
  readonly description?: string;
  readonly strict?: true;
}

/**
 * Maps a Tandem `responseFormat` to OpenAI's `json_schema` format fields (Responses: `text.format`; Chat
 * Completions: `response_format.json_schema`). `name` defaults to `response`. `strict: true` is sent only when
 * the schema already meets the strict-mode rules (see `isStrictJsonSchema`) and `strictJsonSchema` is not
 * `false`; otherwise `strict` is left out, which OpenAI treats as `false` (the schema guides the answer but
 * is not enforced by constrained decoding).
 *
 * @example
 * ```ts
 * openaiJsonSchemaFormat({ type: 'json', schema: { type: 'object' } }, undefined); // { name: 'response', schema: { type: 'object' } }
 * ```
 * @internal
 */
export function openaiJsonSchemaFormat(format: ResponseFormat, strictJsonSchema: boolean | undefined): OpenAIJsonSchemaFormat {
  const strict = strictJsonSchema !== false && isStrictJsonSchema(format.schema);
  return {
    name: format.name ?? 'response',
    ...(format.description === undefined ? {} : { description: format.description }),
    schema: format.schema,
    ...(strict ? { strict: true as const } : {}),
  };
}
