/**
 * The text a model sees for a thrown value: `"<Name>: <message>"` for errors, `"Error: <String(value)>"`
 * for anything else (strings, `undefined`, objects). It never throws, whatever was thrown — a hostile
 * `Proxy` with throwing traps included.
 *
 * @example
 * ```ts
 * errorText(new TypeError('bad city'));  // 'TypeError: bad city'
 * errorText('boom');                     // 'Error: boom'
 * errorText(undefined);                  // 'Error: undefined'
 * ```
 *
 * @category Tools
 */
export function errorText(error: unknown): string {
  try {
    const described = describeErrorLike(error);
    if (described !== undefined) return described;
  } catch {
    // A value whose properties cannot be read is described below as best we can.
  }
  return `Error: ${safeString(error)}`;
}

/** The message of a thrown value: its `message` for errors, else `String(value)`. Never throws. @internal */
export function errorMessage(error: unknown): string {
  try {
    if (typeof error === 'object' && error !== null) {
      const message: unknown = (error as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    }
  } catch {
    // fall through
  }
  return safeString(error);
}

function describeErrorLike(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message: unknown = (value as { message?: unknown }).message;
  if (typeof message !== 'string') return undefined;
  const name: unknown = (value as { name?: unknown }).name;
  if (typeof name === 'string') return `${name || 'Error'}: ${message}`;
  return value instanceof Error ? `Error: ${message}` : undefined;
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return '(a thrown value that cannot be described)';
    }
  }
}
