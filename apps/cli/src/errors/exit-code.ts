/**
 * The exit codes of `tandem`:
 * 0 success (also a run that hit `--max-steps`, with a warning); 1 a model or provider error, or a run
 * that ended with `error`; 2 bad usage (unknown flag, missing prompt, unknown provider); 3 a bad config
 * file; 4 a tool module or MCP server that failed to start; 130 interrupted or cancelled.
 */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  config: 3,
  startup: 4,
  interrupted: 130,
} as const;

/** One of the {@link ExitCode} values. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
