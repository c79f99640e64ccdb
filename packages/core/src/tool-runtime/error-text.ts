/**
 * The text a model sees for a thrown value: `"<Name>: <message>"` for errors, `"Error: <String(value)>"`
 * for anything else (strings, `undefined`, objects).
 *
 * @example
 * ```ts
 * errorText(new TypeError('bad city'));  // 'TypeError: bad city'
 * errorText('boom');                     // 'Error: boom'
 * errorText(undefined);                  // 'Error: undefined'
 * ```
 */
export function errorText(error: unknown): string {
  if (isErrorLike(error)) return `${error.name || 'Error'}: ${error.message}`;
  return `Error: ${safeString(error)}`;
}

function isErrorLike(value: unknown): value is { name: string; message: string } {
  if (value instanceof Error) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
