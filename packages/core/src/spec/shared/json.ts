/**
 * A JSON value: what survives `JSON.stringify` → `JSON.parse` unchanged.
 *
 * @category JSON values
 */
export type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };

/**
 * A JSON object.
 *
 * @category JSON values
 */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A JSON Schema document (draft 2020-12 or draft-07), as sent to a model to describe a tool's input.
 *
 * @example
 * ```ts
 * const schema: JsonSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
 * ```
 *
 * @category JSON values
 */
export type JsonSchema = { [key: string]: unknown };

/**
 * Vendor-specific data attached to a message part or stream part, keyed by provider name
 * (for example a reasoning signature: `{ anthropic: { signature: '…' } }`). Providers read their own key
 * and pass the rest through untouched, so history round-trips without loss.
 *
 * @category JSON values
 */
export type ProviderMetadata = { [provider: string]: { [key: string]: JsonValue } };
