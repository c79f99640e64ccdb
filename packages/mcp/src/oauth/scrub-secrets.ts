/** Parameter names whose values are secrets wherever they appear (JSON, form bodies, query strings). */
const SECRET_FIELDS = ['access_token', 'refresh_token', 'id_token', 'client_secret', 'code_verifier', 'code', 'client_assertion', 'assertion'];
const FIELD_PATTERNS = SECRET_FIELDS.flatMap((field) => [
  new RegExp(`("${field}"\\s*:\\s*")[^"]*(")`, 'g'),
  new RegExp(`(\\b${field}=)[^&\\s"']+()`, 'g'),
]);
const AUTHORIZATION_PATTERN = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/g;

/**
 * Removes secrets from a text: every value in `secrets` (tokens, client secret, code, verifier), the values
 * of secret-bearing fields (`"access_token":"…"`, `client_secret=…`, …) and `Bearer`/`Basic` credentials.
 * The one function every OAuth error message and cause goes through.
 * @internal
 */
export function scrubSecrets(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= 4) result = result.split(secret).join('[redacted]');
  }
  for (const pattern of FIELD_PATTERNS) result = result.replace(pattern, '$1[redacted]$2');
  return result.replace(AUTHORIZATION_PATTERN, '$1 [redacted]');
}

/**
 * A copy of `error` safe to keep as a `cause`: same name, scrubbed message, no stack frames' data, no
 * nested cause (which might hold a response body).
 * @internal
 */
export function scrubbedCause(error: unknown, secrets: Iterable<string | undefined>): Error {
  const list = [...secrets];
  const message = scrubSecrets(error instanceof Error ? error.message : String(error), list);
  const copy = new Error(message);
  copy.name = error instanceof Error ? error.name : 'Error';
  copy.stack = `${copy.name}: ${message}`;
  return copy;
}
