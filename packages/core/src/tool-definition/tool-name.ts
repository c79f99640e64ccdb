/**
 * The rule every tool name follows: 1–64 ASCII letters, digits, `_` or `-` (what every provider accepts).
 *
 * @example
 * ```ts
 * TOOL_NAME_PATTERN.test('contact_mothership'); // true
 * TOOL_NAME_PATTERN.test('contact mothership'); // false
 * ```
 *
 * @category Tools
 */
export const TOOL_NAME_PATTERN: RegExp = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Throws a `TypeError` naming `name` and the rule unless `name` is a valid tool name
 * (see {@link TOOL_NAME_PATTERN}). `source` says where the name came from, for the message.
 *
 * @example
 * ```ts
 * assertToolName('search');        // ok
 * assertToolName('web search');    // TypeError: Invalid tool name "web search": …
 * ```
 *
 * @category Tools
 */
export function assertToolName(name: unknown, source = 'tool name'): asserts name is string {
  if (typeof name !== 'string') {
    throw new TypeError(`Invalid ${source}: expected a string, got ${describe(name)}. ${RULE}`);
  }
  if (TOOL_NAME_PATTERN.test(name)) return;
  throw new TypeError(`Invalid ${source} ${JSON.stringify(name)}: ${problem(name)}. ${RULE}`);
}

const RULE = 'A tool name must match /^[a-zA-Z0-9_-]{1,64}$/ (1 to 64 ASCII letters, digits, "_" or "-").';

function problem(name: string): string {
  if (name.length === 0) return 'it is empty';
  if (name.length > 64) return `it is ${name.length} characters long`;
  const bad = [...name].find((char) => !/^[a-zA-Z0-9_-]$/.test(char)) ?? '';
  return `it contains ${JSON.stringify(bad)}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
