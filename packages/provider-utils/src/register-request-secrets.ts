import { registerSecret } from '@tandem/core/spec';

/** Headers whose values are credentials. */
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|x-goog-api-key|cookie)$|token|secret|api[-_]?key/i;

/**
 * Registers a request's secrets — the explicit ones and the values of its credential headers (without
 * an auth scheme such as `Bearer`) — so that every Tandem error redacts them, whichever code path builds it.
 * @internal
 */
export function registerRequestSecrets(secrets: readonly (string | undefined)[], headers: { readonly [name: string]: string }): void {
  for (const secret of secrets) registerSecret(secret);
  for (const [name, value] of Object.entries(headers)) {
    if (!CREDENTIAL_HEADER.test(name)) continue;
    // `Bearer <token>`, `Basic <credentials>`: the credentials are the secret, the scheme is not.
    registerSecret(/^\s*(?:Bearer|Basic|Token|Bot)\s+(\S+)\s*$/i.exec(value)?.[1] ?? value);
  }
}
