/** A random id from the web-standard `crypto.randomUUID()`. @internal */
export function newId(prefix: string): string {
  return `${prefix}_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
}
