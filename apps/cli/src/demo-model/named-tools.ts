import type { KeyValuePair } from './key-value-pairs.js';

// Characters a tool name may contain: an occurrence counts only when neither neighbour is one of them.
const NAME_CHARACTER = /[A-Za-z0-9_-]/;

/** Where a prompt names a tool. */
export interface ToolOccurrence {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The tools a prompt names, in the order they first appear. A tool counts as named when its exact name
 * (case-sensitive) appears as a whole word — not inside a longer word, and not inside another tool's
 * name (`search` is not named by `web_search`). Text inside `key=value` words does not name tools.
 *
 * @example
 * ```ts
 * namedTools('compare weather and web_search', ['weather', 'search', 'web_search'], []); // ['weather', 'web_search']
 * ```
 */
export function namedTools(text: string, toolNames: readonly string[], pairs: readonly KeyValuePair[]): string[] {
  const names: string[] = [];
  for (const { name } of toolOccurrences(text, toolNames, pairs)) if (!names.includes(name)) names.push(name);
  return names;
}

/**
 * Every place a prompt names a tool (by the rules of {@link namedTools}), in order.
 *
 * @example
 * ```ts
 * toolOccurrences('weather, then weather', ['weather'], []); // [{ name: 'weather', start: 0, end: 7 }, { name: 'weather', start: 14, end: 21 }]
 * ```
 */
export function toolOccurrences(text: string, toolNames: readonly string[], pairs: readonly KeyValuePair[]): ToolOccurrence[] {
  const masked = maskPairs(text, pairs);
  const occurrences: ToolOccurrence[] = [];
  for (const name of new Set(toolNames)) {
    if (name.length === 0) continue;
    for (let start = masked.indexOf(name); start !== -1; start = masked.indexOf(name, start + 1)) {
      const end = start + name.length;
      if (isNameCharacter(masked[start - 1]) || isNameCharacter(masked[end])) continue;
      occurrences.push({ name, start, end });
    }
  }
  // An occurrence lying inside a longer tool name's occurrence belongs to that name.
  const standalone = occurrences.filter(
    (inner) => !occurrences.some((outer) => outer !== inner && outer.name.length > inner.name.length && outer.start <= inner.start && inner.end <= outer.end),
  );
  return standalone.sort((a, b) => a.start - b.start);
}

function isNameCharacter(character: string | undefined): boolean {
  return character !== undefined && NAME_CHARACTER.test(character);
}

function maskPairs(text: string, pairs: readonly KeyValuePair[]): string {
  let masked = text;
  for (const { start, end } of pairs) masked = masked.slice(0, start) + ' '.repeat(end - start) + masked.slice(end);
  return masked;
}
