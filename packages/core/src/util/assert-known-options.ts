import { closestKey } from './closest-key.js';

/**
 * Throws a `TypeError` for the first key of `options` that is not in `knownKeys`, naming it and the key the
 * caller most likely meant: the one given for it in `aliases` (names other libraries use, e.g.
 * `{ parameters: 'inputSchema' }`), else the closest known key by spelling. Keys whose value is `undefined`
 * are checked too (a misspelt key is a mistake whatever its value). Non-objects are left to the caller.
 *
 * `what` names the call in the message (e.g. `'new Agent()'`, `'tool "search"'`).
 *
 * @example
 * ```ts
 * import { assertKnownOptions } from '@tandem/core/runtime';
 *
 * assertKnownOptions('new VoiceAgent()', options, ['tools', 'system', 'hooks'], { instructions: 'system' });
 * // TypeError: new VoiceAgent(): unknown option `instructions`. Did you mean `system`? Known options: tools, system, hooks.
 * ```
 *
 * @category Utilities
 */
export function assertKnownOptions(
  what: string,
  options: unknown,
  knownKeys: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): void {
  if (typeof options !== 'object' || options === null) return;
  const known = new Set(knownKeys);
  for (const key of Object.keys(options)) {
    if (known.has(key)) continue;
    const alias = Object.prototype.hasOwnProperty.call(aliases, key) ? aliases[key] : undefined;
    const suggestion = alias !== undefined && known.has(alias) ? alias : closestKey(key, knownKeys);
    const hint = suggestion === undefined ? '' : ` Did you mean \`${suggestion}\`?`;
    throw new TypeError(`${what}: unknown option \`${key}\`.${hint} Known options: ${knownKeys.join(', ')}.`);
  }
}
