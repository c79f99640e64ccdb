import { InvalidResponseDataError } from '@tandem/core/spec';
import type { z } from 'zod';
import { formatSchemaIssues } from './format-schema-issues.js';

/** Options of {@link parseJsonEvent}. */
export interface ParseJsonEventOptions {
  /** Vendor name for errors, e.g. `OpenAI`. */
  readonly provider: string;
}

/**
 * Parses one wire message (JSON text) and validates it with a zod schema, so a change in the vendor's
 * format fails loudly here, at the boundary.
 *
 * @throws `InvalidResponseDataError` when the text is not JSON or does not match the schema.
 *
 * @example
 * ```ts
 * const chunkSchema = z.object({ type: z.literal('delta'), text: z.string() });
 * const chunk = parseJsonEvent('{"type":"delta","text":"Hi"}', chunkSchema, { provider: 'Acme' });
 * ```
 */
export function parseJsonEvent<T>(text: string, schema: z.ZodType<T>, options: ParseJsonEventOptions): T {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (cause) {
    throw new InvalidResponseDataError({
      message: `${options.provider} sent data that is not JSON: ${truncate(text)}. The server may not speak the ${options.provider} API; check the baseURL.`,
      data: text,
      cause,
    });
  }
  return validateJson(json, schema, options);
}

/**
 * Validates an already-parsed value with a zod schema.
 *
 * @throws `InvalidResponseDataError` when it does not match.
 *
 * @example
 * ```ts
 * const body = validateJson(await response.json(), responseSchema, { provider: 'Acme' });
 * ```
 */
export function validateJson<T>(json: unknown, schema: z.ZodType<T>, options: ParseJsonEventOptions): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  throw new InvalidResponseDataError({
    message: `${options.provider} sent data that does not match its documented format (${formatSchemaIssues(result.error)}): ${truncate(JSON.stringify(json))}. Upgrade the provider package if the API changed.`,
    data: json,
    cause: result.error,
  });
}

function truncate(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
