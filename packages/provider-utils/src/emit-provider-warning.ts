/**
 * Reports a non-fatal problem with a request (an unsupported setting that was ignored, a provider tool of
 * another vendor) as a Node process warning (`process.emitWarning`, code `TANDEM_PROVIDER`), or
 * `console.warn` where there is no `process`. Warnings never contain credentials.
 *
 * @example
 * ```ts
 * emitProviderWarning('OpenAI Responses ignores stopSequences.');
 * ```
 *
 * @category Provider settings
 */
export function emitProviderWarning(message: string): void {
  const proc = (globalThis as { process?: { emitWarning?: (message: string, options: { code: string; type: string }) => void } }).process;
  if (typeof proc?.emitWarning === 'function') proc.emitWarning(message, { type: 'TandemProviderWarning', code: 'TANDEM_PROVIDER' });
  else console.warn(`[tandem] ${message}`);
}
