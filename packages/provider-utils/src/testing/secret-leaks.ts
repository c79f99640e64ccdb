import { inspect } from 'node:util';

/**
 * Every place `secret` shows in `error`: its `message`, `stack`, `JSON.stringify` form, `util.inspect`
 * output, `String()`, and any string reachable from its fields or cause chain. Empty when it shows
 * nowhere — what a test of "API keys never appear in an error" asserts.
 *
 * @example
 * ```ts
 * const error = await collectModelStream(model.stream(request)).catch((e: unknown) => e);
 * expect(secretLeaks(error, apiKey)).toEqual([]);
 * ```
 *
 * @category Testing
 */
export function secretLeaks(error: unknown, secret: string): string[] {
  const forms: { [form: string]: () => string } = {
    message: () => (error instanceof Error ? error.message : ''),
    stack: () => (error instanceof Error ? (error.stack ?? '') : ''),
    json: () => JSON.stringify(error) ?? '',
    inspect: () => inspect(error, { depth: 30 }),
    string: () => String(error),
    fields: () => reachableText(error),
  };
  return Object.entries(forms)
    .filter(([, render]) => render().includes(secret))
    .map(([form]) => form);
}

function reachableText(value: unknown, seen = new Set<unknown>(), depth = 0): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || seen.has(value) || depth > 30) return '';
  seen.add(value);
  let text = value instanceof Error ? `${value.message}\n${value.stack ?? ''}\n${reachableText(value.cause, seen, depth + 1)}` : '';
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor !== undefined && 'value' in descriptor) text += `\n${reachableText(descriptor.value, seen, depth + 1)}`;
  }
  return text;
}
