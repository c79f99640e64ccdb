/**
 * Makes an event (or any value) JSON-safe for NDJSON without losing fields: errors become
 * `{ name, message, code? }`, bytes become `{ base64, mediaType }` (the media type of the object holding
 * them, else `application/octet-stream`), bigints become strings, URLs and dates their string forms;
 * a repeated reference becomes `"[Circular]"`.
 *
 * @example
 * ```ts
 * JSON.stringify(toJsonValue({ type: 'file', mediaType: 'image/png', data: bytes }));
 * // {"type":"file","mediaType":"image/png","data":{"base64":"iVBO…","mediaType":"image/png"}}
 * ```
 */
export function toJsonValue(value: unknown): unknown {
  return convert(value, undefined, new WeakSet());
}

function convert(value: unknown, mediaType: string | undefined, seen: WeakSet<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined; // functions, symbols, undefined: dropped, as JSON does
  if (value instanceof Uint8Array) return { base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'), mediaType: mediaType ?? 'application/octet-stream' };
  if (value instanceof ArrayBuffer) return convert(new Uint8Array(value), mediaType, seen);
  if (value instanceof URL) return value.href;
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (value instanceof Error) {
      const code = (value as { code?: unknown }).code;
      return { name: value.name, message: value.message, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}) };
    }
    if (Array.isArray(value)) return value.map((item) => convert(item, mediaType, seen) ?? null);
    if (value instanceof Map) return convert(Object.fromEntries(value), mediaType, seen);
    if (value instanceof Set) return convert([...value], mediaType, seen);
    const record = value as Record<string, unknown>;
    const ownMediaType = typeof record['mediaType'] === 'string' ? record['mediaType'] : mediaType;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(record)) {
      const converted = convert(field, ownMediaType, seen);
      if (converted !== undefined) out[key] = converted;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
