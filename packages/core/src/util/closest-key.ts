/**
 * The candidate closest to `key` by edit distance (case-insensitive), or `undefined` when none is close
 * enough to be a likely typo: at most 2 edits, and fewer than half the key's length.
 *
 * @example
 * ```ts
 * closestKey('descripton', ['name', 'description']); // 'description'
 * ```
 *
 * @category Utilities
 */
export function closestKey(key: string, candidates: Iterable<string>): string | undefined {
  const wanted = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.min(2, Math.ceil(wanted.length / 2) - 1);
  return bestDistance <= limit ? best : undefined;
}

/** Damerau–Levenshtein distance (optimal string alignment): insertions, deletions, substitutions, swaps. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}
