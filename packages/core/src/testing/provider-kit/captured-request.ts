/**
 * A request as the {@link ProviderTestServer} received it.
 *
 * @category Provider contract kit
 */
export interface CapturedRequest {
  readonly method: string;
  /** Path and query, e.g. `/v1/responses`. */
  readonly path: string;
  /** Lower-cased header names; repeated headers joined with `, `. */
  readonly headers: { readonly [name: string]: string };
  /** The raw request body. */
  readonly bodyText: string;
  /** The body parsed as JSON, or `undefined` when it is empty or not JSON. */
  readonly body: unknown;
  /** Resolves when the client's socket for this request has closed (for example after an abort). */
  readonly socketClosed: Promise<void>;
  /** Resolves when a `'stall'` response has written everything it will write and now waits. */
  readonly stalled: Promise<void>;
}
