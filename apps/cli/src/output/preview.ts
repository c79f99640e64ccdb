/**
 * A one-line preview of a value for the terminal: strings as they are, other values as compact JSON,
 * whitespace folded, cut to `max` characters with an ellipsis.
 *
 * @example
 * ```ts
 * preview({ city: 'Oslo' }); // '{"city":"Oslo"}'
 * ```
 */
export function preview(value: unknown, max = 120): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Error) text = value.message;
  else if (value instanceof Uint8Array) text = `<${String(value.byteLength)} bytes>`;
  else {
    try {
      text = JSON.stringify(value, (_key, field: unknown) => (field instanceof Uint8Array ? `<${String(field.byteLength)} bytes>` : field)) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1))}…`;
}

/** A duration for people: `840 ms`, `1.2 s`, `2 min 5 s`. @example `formatDuration(1234) // '1.2 s'` */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${String(Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${String(minutes)} min ${String(Math.round((ms - minutes * 60_000) / 1000))} s`;
}
