// A value that satisfies a JSON Schema, for the stand-in models' tool arguments and structured answers.
type Schema = { readonly [key: string]: unknown };

/** A plausible value of `schema`: its `default`, `const` or first `enum` value, else one made up by type. */
export function sampleFromSchema(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 8) return null;
  const s = schema as Schema;
  if ('default' in s) return s['default'];
  if ('const' in s) return s['const'];
  if (Array.isArray(s['enum']) && s['enum'].length > 0) return s['enum'][0];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) {
      const chosen = options.find((option: unknown) => (option as Schema | null)?.['type'] !== 'null') ?? options[0];
      return sampleFromSchema(chosen, depth + 1);
    }
  }
  const type = Array.isArray(s['type']) ? (s['type'] as unknown[]).find((t) => t !== 'null') : s['type'];
  switch (type) {
    case 'object':
    case undefined: {
      const properties = (s['properties'] ?? {}) as Schema;
      if (type === undefined && Object.keys(properties).length === 0) return {};
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) value[name] = sampleFromSchema(property, depth + 1);
      return value;
    }
    case 'array': {
      const min = typeof s['minItems'] === 'number' ? s['minItems'] : 1;
      return Array.from({ length: Math.max(min, 1) }, () => sampleFromSchema(s['items'], depth + 1));
    }
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number': {
      const min = typeof s['minimum'] === 'number' ? s['minimum'] : typeof s['exclusiveMinimum'] === 'number' ? s['exclusiveMinimum'] + 1 : 1;
      const max = typeof s['maximum'] === 'number' ? s['maximum'] : Number.POSITIVE_INFINITY;
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

function sampleString(s: Schema): string {
  if (s['format'] === 'uri' || s['format'] === 'url') return 'https://example.com/';
  if (s['format'] === 'email') return 'ada@example.com';
  if (s['format'] === 'date-time') return '2025-01-01T00:00:00Z';
  if (s['format'] === 'date') return '2025-01-01';
  const min = typeof s['minLength'] === 'number' ? s['minLength'] : 0;
  const max = typeof s['maxLength'] === 'number' ? s['maxLength'] : 64;
  const text = 'Oslo'.padEnd(min, 'o');
  return text.slice(0, Math.max(max, 1));
}
