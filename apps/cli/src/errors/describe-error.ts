/**
 * An error as one readable line: `Name: message` (just the message for a plain `Error` or a CLI error),
 * with line breaks folded.
 *
 * @example
 * ```ts
 * describeError(new TypeError('bad')); // 'TypeError: bad'
 * ```
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const name = error.name === 'Error' || error.name === 'CliError' ? '' : `${error.name}: `;
    return `${name}${error.message}`.replace(/\s*\n\s*/g, ' ');
  }
  return `Error: ${String(error)}`;
}
