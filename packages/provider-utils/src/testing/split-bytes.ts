/**
 * Cuts `bytes` at the given offsets (in any order; duplicates and out-of-range offsets are ignored)
 * into consecutive, non-empty pieces whose concatenation is `bytes`.
 *
 * @example
 * ```ts
 * splitBytes(new TextEncoder().encode('data: é\n\n'), [7]); // cuts the two bytes of 'é' apart
 * ```
 *
 * @category Testing
 */
export function splitBytes(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((offset) => offset > 0 && offset < bytes.length))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > start) pieces.push(bytes.subarray(start, cut));
    start = cut;
  }
  return pieces;
}
