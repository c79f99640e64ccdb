/**
 * One change to a byte stream, for fuzzing a stream parser with malformed input. Positions are taken
 * modulo the stream's length, so any number is valid.
 *
 * - `truncate`: the stream ends at `at`.
 * - `insert`: `bytes` are inserted at `at` (e.g. invalid UTF-8, a malformed event, a huge event).
 * - `insert-event`: `bytes` are inserted at the event boundary nearest before `at` (after a blank line),
 *   so they form whole events of their own.
 * - `flip`: the byte at `at` becomes `value`.
 *
 * @example
 * ```ts
 * const mutations: ByteMutation[] = [{ kind: 'insert', at: 17, bytes: [0xff] }, { kind: 'truncate', at: 200 }];
 * ```
 *
 * @category Testing
 */
export type ByteMutation =
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'insert'; readonly at: number; readonly bytes: ArrayLike<number> }
  | { readonly kind: 'insert-event'; readonly at: number; readonly bytes: ArrayLike<number> }
  | { readonly kind: 'flip'; readonly at: number; readonly value: number };

/**
 * Byte sequences that are not valid UTF-8: a stray continuation byte, a truncated two- and four-byte
 * sequence, an encoded surrogate, an overlong encoding, and 0xFF.
 *
 * @example
 * ```ts
 * applyMutations(bytes, [{ kind: 'insert', at: 40, bytes: INVALID_UTF8[3]! }]);
 * ```
 *
 * @category Testing
 */
export const INVALID_UTF8: readonly (readonly number[])[] = [[0x80], [0xc3], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff]];

/**
 * Applies mutations in order and returns the new bytes (the input is not changed).
 *
 * @example
 * ```ts
 * const broken = applyMutations(new TextEncoder().encode(sse), [{ kind: 'insert-event', at: 90, bytes: new TextEncoder().encode('data: {oops\n\n') }]);
 * ```
 *
 * @category Testing
 */
export function applyMutations(bytes: Uint8Array, mutations: readonly ByteMutation[]): Uint8Array {
  let current: Uint8Array = Uint8Array.from(bytes);
  for (const mutation of mutations) {
    const at = current.length === 0 ? 0 : mutation.at % (current.length + 1);
    switch (mutation.kind) {
      case 'truncate':
        current = current.slice(0, at);
        break;
      case 'insert':
        current = concat(current.slice(0, at), Uint8Array.from(mutation.bytes), current.slice(at));
        break;
      case 'insert-event': {
        const boundary = eventBoundaryBefore(current, at);
        current = concat(current.slice(0, boundary), Uint8Array.from(mutation.bytes), current.slice(boundary));
        break;
      }
      case 'flip':
        if (current.length > 0) current[Math.min(at, current.length - 1)] = mutation.value & 0xff;
        break;
    }
  }
  return current;
}

/** The offset just after the last blank line (`\n\n` or `\r\n\r\n`) ending at or before `at`; 0 when none. */
function eventBoundaryBefore(bytes: Uint8Array, at: number): number {
  for (let i = Math.min(at, bytes.length) - 1; i >= 1; i--) {
    if (bytes[i] === 0x0a && (bytes[i - 1] === 0x0a || (i >= 3 && bytes[i - 1] === 0x0d && bytes[i - 2] === 0x0a))) return i + 1;
  }
  return 0;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
