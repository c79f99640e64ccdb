import { TandemError } from '@tandem/core/spec';
import type { ExitCode } from './exit-code.js';

const BRAND = Symbol.for('tandem.error.CliError');

/** What kind of failure a {@link CliError} is; each maps to its exit code. */
export type CliErrorKind = 'usage' | 'config' | 'startup';

const CODES = { usage: 'CLI_USAGE', config: 'CLI_CONFIG', startup: 'CLI_STARTUP' } as const;
const EXIT_CODES = { usage: 2, config: 3, startup: 4 } as const satisfies Record<CliErrorKind, ExitCode>;

/**
 * A failure of the command line itself, reported as one line on stderr with its exit code: bad usage (2),
 * a bad config file (3), or a tool module or MCP server that failed to start (4).
 *
 * @example
 * ```ts
 * throw new CliError('usage', 'Missing prompt: pass it as an argument, with -p, or on stdin.');
 * ```
 */
export class CliError extends TandemError {
  readonly kind: CliErrorKind;
  readonly exitCode: ExitCode;
  private readonly [BRAND] = true;

  constructor(kind: CliErrorKind, message: string, options: { readonly cause?: unknown } = {}) {
    super(CODES[kind], { message, cause: options.cause });
    this.name = 'CliError';
    this.kind = kind;
    this.exitCode = EXIT_CODES[kind];
  }

  static override isInstance(error: unknown): error is CliError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
