// Stands in for vitest's `it` when a README snippet that defines tests is run from inside a test: the
// snippet's tests are collected here and run by the test that loaded it.
const collected: { readonly name: string; readonly fn: () => Promise<void> | void }[] = [];

export function it(name: string, fn: () => Promise<void> | void): void {
  collected.push({ name, fn });
}

/** Takes the tests collected so far. */
export function takeCollected(): { readonly name: string; readonly fn: () => Promise<void> | void }[] {
  return collected.splice(0);
}
