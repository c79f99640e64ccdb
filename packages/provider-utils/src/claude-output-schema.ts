import type { JsonSchema } from '@tandem/core/spec';

/** String formats Claude's structured outputs accept. */
const SUPPORTED_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);
/** Keywords kept as they are on every schema. */
const KEPT = ['type', 'title', 'description', 'const', 'enum', 'default'] as const;

/**
 * Fits a JSON Schema to what structured outputs for Anthropic's Claude models accept — Anthropic's
 * Messages API (`output_config.format`) and Amazon Bedrock's Converse (`outputConfig.textFormat`), which
 * refuses a schema with unsupported features with a 400 — the way Anthropic's own SDKs fit one before
 * sending it: every object schema gets `additionalProperties: false` (the only value the API takes) and
 * keeps `properties` and `required`; `anyOf`/`allOf`, `oneOf` (as `anyOf`), `$ref` and
 * `$defs`/`definitions` are kept; string `format`s outside the supported list, array `minItems` other than
 * 0 or 1, and keywords the API does not support (`minimum`, `maxLength`, `pattern`, …) are moved into the
 * schema's `description`, so the model still reads them. The Agent validates the answer against the
 * original schema, so those constraints are still enforced. The input is not changed.
 *
 * @example
 * ```ts
 * toClaudeOutputSchema({ type: 'object', properties: { n: { type: 'integer', minimum: 1 } } });
 * // { type: 'object', properties: { n: { type: 'integer', description: '{minimum: 1}' } }, additionalProperties: false }
 * ```
 *
 * @category Structured output
 */
export function toClaudeOutputSchema(schema: JsonSchema): JsonSchema {
  const { $schema: _dropped, ...rest } = schema;
  return fit(rest) as JsonSchema;
}

function fit(node: unknown): unknown {
  if (!isRecord(node)) return node;
  if (typeof node['$ref'] === 'string') return { $ref: node['$ref'] };
  const rest: { [key: string]: unknown } = { ...node };
  const out: { [key: string]: unknown } = {};
  const take = (key: string): unknown => {
    const value = rest[key];
    delete rest[key];
    return value;
  };
  for (const key of ['$defs', 'definitions']) {
    const defs = take(key);
    if (isRecord(defs)) out[key] = mapValues(defs);
  }
  for (const [from, to] of [['anyOf', 'anyOf'], ['oneOf', 'anyOf'], ['allOf', 'allOf']] as const) {
    const list = take(from);
    if (Array.isArray(list)) out[to] = [...(Array.isArray(out[to]) ? (out[to] as unknown[]) : []), ...list.map(fit)];
  }
  for (const key of KEPT) {
    const value = take(key);
    if (value !== undefined) out[key] = value;
  }
  const types = Array.isArray(out['type']) ? (out['type'] as unknown[]) : [out['type']];
  if (types.includes('object') || (out['type'] === undefined && isRecord(rest['properties']))) {
    const properties = take('properties');
    out['properties'] = isRecord(properties) ? mapValues(properties) : {};
    const required = take('required');
    if (required !== undefined) out['required'] = required;
    take('additionalProperties');
    out['additionalProperties'] = false;
  }
  if (types.includes('string') && typeof rest['format'] === 'string' && SUPPORTED_FORMATS.has(rest['format'])) out['format'] = take('format');
  if (types.includes('array')) {
    if (isRecord(rest['items'])) out['items'] = fit(take('items'));
    if (rest['minItems'] === 0 || rest['minItems'] === 1) out['minItems'] = take('minItems');
  }
  const leftover = Object.entries(rest);
  if (leftover.length === 0) return out;
  const note = `{${leftover.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')}}`;
  out['description'] = typeof out['description'] === 'string' ? `${out['description']}\n\n${note}` : note;
  return out;
}

function mapValues(record: { [key: string]: unknown }): { [key: string]: unknown } {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fit(value)]));
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
