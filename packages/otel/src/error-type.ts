/**
 * A low-cardinality `error.type` for a thrown value: a Tandem error's `code` is not used (its class
 * name is clearer in traces); an `Error`'s `name` (e.g. `APICallError`, `ToolTimeoutError`, `TypeError`),
 * an aborted operation is `cancelled`, anything else `_OTHER`.
 */
export function errorType(error: unknown): string {
  if (error instanceof Error || (typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string')) {
    const name = (error as { name: string }).name;
    if (name === 'AbortError') return 'cancelled';
    return name === '' ? '_OTHER' : name;
  }
  return '_OTHER';
}

/** A short description of a thrown value for a span status. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}
