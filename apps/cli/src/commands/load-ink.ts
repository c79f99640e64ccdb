import type * as Ink from 'ink';
import type * as React from 'react';

/**
 * Loads ink and React for the interactive views. Two environment facts are settled first, because ink's
 * dependencies read them once, at import:
 * - `CI`: ink renders only the final frame when it believes it runs in CI. An interactive command runs on
 *   a TTY the user is typing into, so it hides `CI` while ink loads (and restores it after).
 * - color: with `--no-color` or `NO_COLOR`, `FORCE_COLOR=0` turns ink's colors off.
 */
export async function loadInk(options: { readonly color: boolean }): Promise<{ ink: typeof Ink; react: typeof React }> {
  const saved = { CI: process.env['CI'], CONTINUOUS_INTEGRATION: process.env['CONTINUOUS_INTEGRATION'] };
  delete process.env['CI'];
  delete process.env['CONTINUOUS_INTEGRATION'];
  if (!options.color) process.env['FORCE_COLOR'] = '0';
  try {
    const [ink, react] = await Promise.all([import('ink'), import('react')]);
    return { ink, react };
  } finally {
    for (const [key, value] of Object.entries(saved)) if (value !== undefined) process.env[key] = value;
  }
}
