/** One `key=value` word of a prompt. */
export interface KeyValuePair {
  readonly key: string;
  /** The value as typed, without surrounding quotes. */
  readonly value: string;
  /** Where the whole `key=value` word starts and ends in the prompt (end exclusive). */
  readonly start: number;
  readonly end: number;
}

// A key starts a word; the value is quoted ("…" or '…') or runs to the next whitespace.
const PAIR = /(?<![\w-])([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|(\S+))/g;
// One `,` `;` or `.` typed after an unquoted value ("city=Oslo, please") is not part of it.
const TRAILING_PUNCTUATION = /[,;.]$/;

/**
 * The `key=value` words of a prompt, in order. Values may be quoted to hold spaces (`title="Big news"`);
 * an unquoted value runs to the next whitespace and loses one trailing `,` `;` or `.` unless that would
 * leave it empty (`city=Oslo,` → `Oslo`, `path=.` → `.`, `path=..` → `.`).
 *
 * @example
 * ```ts
 * keyValuePairs('weather city=Oslo days=3'); // [{ key: 'city', value: 'Oslo', … }, { key: 'days', value: '3', … }]
 * ```
 */
export function keyValuePairs(text: string): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  for (const match of text.matchAll(PAIR)) {
    const [whole, key, doubleQuoted, singleQuoted, bare] = match;
    const start = match.index;
    if (key === undefined) continue;
    if (bare !== undefined) {
      const trimmed = bare.replace(TRAILING_PUNCTUATION, '');
      const value = trimmed === '' ? bare : trimmed;
      pairs.push({ key, value, start, end: start + whole.length - (bare.length - value.length) });
    } else {
      pairs.push({ key, value: doubleQuoted ?? singleQuoted ?? '', start, end: start + whole.length });
    }
  }
  return pairs;
}
