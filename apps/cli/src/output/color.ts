import { styleText } from 'node:util';

/** The styles the CLI uses. */
export type Style = 'dim' | 'bold' | 'red' | 'green' | 'yellow' | 'cyan' | 'magenta' | 'gray';

/** Styles text, or returns it unchanged when color is off. */
export type Paint = (style: Style | readonly Style[], text: string) => string;

/**
 * Whether to color a stream: only a TTY, and never with `--no-color` or a non-empty `NO_COLOR`. Each
 * stream is judged on its own (stdout piped, stderr on the terminal → stderr may be colored).
 *
 * @example
 * ```ts
 * const paint = painter(useColor(process.stderr, { color: options.color }));
 * ```
 */
export function useColor(stream: NodeJS.WritableStream & { isTTY?: boolean }, options: { readonly color?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return options.color !== false && (env['NO_COLOR'] ?? '') === '' && stream.isTTY === true;
}

/** A {@link Paint} for a stream with color on or off. @example `painter(true)('green', 'done')` */
export function painter(enabled: boolean): Paint {
  if (!enabled) return (_style, text) => text;
  // The decision is made above, per stream; styleText must not judge process.stdout instead.
  return (style, text) => styleText(style as Parameters<typeof styleText>[0], text, { validateStream: false });
}
