import type { z } from 'zod';
import { formatSchemaIssues } from './format-schema-issues.js';
import { InvalidProviderOptionsError } from './invalid-provider-options-error.js';

/**
 * Reads and validates `providerOptions[key]` of a request; absent options give `{}`-parsed defaults
 * (`schema.parse({})`).
 *
 * @throws {@link InvalidProviderOptionsError} naming the invalid fields.
 *
 * @example
 * ```ts
 * const options = parseProviderOptions(request.providerOptions, 'openai', z.object({ store: z.boolean().optional() }));
 * ```
 */
export function parseProviderOptions<T>(
  providerOptions: { readonly [provider: string]: unknown } | undefined,
  key: string,
  schema: z.ZodType<T>,
): T {
  const value = providerOptions?.[key] ?? {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new InvalidProviderOptionsError({
    provider: key,
    message: `Invalid providerOptions.${key}: ${formatSchemaIssues(result.error)}. Check the provider's documentation for the accepted options.`,
    cause: result.error,
  });
}
