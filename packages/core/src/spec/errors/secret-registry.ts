/**
 * The text that replaces a registered secret.
 *
 * @example
 * ```ts
 * if (error.message.includes(REDACTED_SECRET)) console.warn('The server echoed a credential.');
 * ```
 *
 * @category Errors
 */
export const REDACTED_SECRET = '[REDACTED]';

/** Shorter values are not registered: they would mangle ordinary words in messages. */
const MIN_SECRET_LENGTH = 8;
/** Oldest entries are forgotten beyond this many (a process rotating keys forever stays bounded). */
const MAX_SECRETS = 1000;
/** Nesting redacted below this depth is replaced whole. */
const MAX_DEPTH = 64;

/** One registry per process, shared by every copy of `@tandem/core` that is loaded. */
const REGISTRY = Symbol.for('tandem.secretRegistry');

function registry(): Set<string> {
  const holder = globalThis as { [REGISTRY]?: Set<string> };
  holder[REGISTRY] ??= new Set<string>();
  return holder[REGISTRY];
}

/**
 * Registers a credential (API key, token, password) so that no Tandem error ever shows it: every
 * `TandemError` replaces registered secrets with `[REDACTED]` in its message, stack, cause and fields
 * (response bodies, wire data) when it is constructed. Providers register the keys they load and the
 * credential headers they send, so an error built on any path — HTTP status, an error event in the
 * stream, a malformed chunk echoing the request — cannot carry one. Values shorter than 8 characters
 * are ignored. Its URL-encoded form is registered too.
 *
 * @example
 * ```ts
 * registerSecret(process.env.MY_SERVICE_TOKEN);
 * new TandemError('X', { message: `rejected ${process.env.MY_SERVICE_TOKEN}` }).message; // 'rejected [REDACTED]'
 * ```
 *
 * @category Errors
 */
export function registerSecret(secret: string | undefined | null): void {
  if (typeof secret !== 'string') return;
  const value = secret.trim();
  if (value.length < MIN_SECRET_LENGTH) return;
  const secrets = registry();
  for (const form of new Set([value, encodeURIComponent(value)])) {
    secrets.delete(form); // re-inserting keeps the most recently used last
    secrets.add(form);
  }
  while (secrets.size > MAX_SECRETS) {
    const oldest = secrets.values().next().value;
    if (oldest === undefined) break;
    secrets.delete(oldest);
  }
}

/**
 * Replaces every registered secret in `text` with `[REDACTED]`.
 *
 * @example
 * ```ts
 * console.error(redactRegisteredSecrets(`request failed: ${details}`));
 * ```
 *
 * @category Errors
 */
export function redactRegisteredSecrets(text: string): string {
  if (typeof text !== 'string') return text; // defensive: an error must build whatever it is given at run time
  let result = text;
  for (const secret of registry()) {
    if (result.includes(secret)) result = result.split(secret).join(REDACTED_SECRET);
  }
  return result;
}

/**
 * A copy of `value` with every registered secret redacted in its strings, however deep: arrays and
 * plain objects are copied where something changed (the original is returned when nothing did),
 * errors become redacted copies (message, stack, cause), other objects are kept. Cycles are safe.
 *
 * @example
 * ```ts
 * const safe = redactSecretsDeep({ request: { headers: { authorization: `Bearer ${key}` } } });
 * ```
 *
 * @category Errors
 */
export function redactSecretsDeep<T>(value: T): T {
  if (registry().size === 0) return value;
  return redactValue(value, 0, new WeakMap()) as T;
}

function redactValue(value: unknown, depth: number, seen: WeakMap<object, unknown>): unknown {
  if (typeof value === 'string') return redactRegisteredSecrets(value);
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (depth >= MAX_DEPTH) return '[nested too deep to show]';
  if (value instanceof Error) return redactError(value, depth, seen);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    let changed = false;
    for (const item of value) {
      const redacted = redactValue(item, depth + 1, seen);
      changed ||= redacted !== item;
      copy.push(redacted);
    }
    return changed ? copy : value;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: { [key: string]: unknown } = {};
  seen.set(value, copy);
  let changed = false;
  for (const [key, item] of Object.entries(value)) {
    const redacted = redactValue(item, depth + 1, seen);
    changed ||= redacted !== item;
    copy[key] = redacted;
  }
  return changed ? copy : value;
}

function redactError(error: Error, depth: number, seen: WeakMap<object, unknown>): Error {
  const message = redactRegisteredSecrets(error.message);
  const stack = error.stack === undefined ? undefined : redactRegisteredSecrets(error.stack);
  const cause = 'cause' in error ? redactValue(error.cause, depth + 1, seen) : undefined;
  if (message === error.message && stack === error.stack && cause === error.cause) return error;
  const copy = new Error(message, 'cause' in error ? { cause } : undefined);
  copy.name = error.name;
  copy.stack = stack;
  seen.set(error, copy);
  return copy;
}
