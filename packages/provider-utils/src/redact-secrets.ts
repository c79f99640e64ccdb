/**
 * The text that replaces a secret in errors.
 *
 * @category Utilities
 */
export const REDACTED = '[REDACTED]';

/**
 * Replaces every occurrence of each secret (API keys, tokens) in `text` with `[REDACTED]`.
 * Secrets shorter than 4 characters are ignored (they would mangle ordinary text).
 *
 * @example
 * ```ts
 * redactSecrets('Incorrect API key provided: sk-123456', ['sk-123456']); // 'Incorrect API key provided: [REDACTED]'
 * ```
 *
 * @category Utilities
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= 4) result = result.split(secret).join(REDACTED);
  }
  return result;
}
