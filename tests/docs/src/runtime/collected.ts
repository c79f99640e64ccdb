// The tests and hooks a docs block defined through the vitest stand-in (one set per worker).
export type Fn = () => unknown;

export interface Collected {
  readonly tests: { readonly name: string; readonly fn: Fn }[];
  readonly beforeEach: Fn[];
  readonly afterEach: Fn[];
  readonly beforeAll: Fn[];
  readonly afterAll: Fn[];
}

const KEY = Symbol.for('tandem.docs-test.collected');

export function collected(): Collected {
  const holder = globalThis as { [KEY]?: Collected };
  holder[KEY] ??= { tests: [], beforeEach: [], afterEach: [], beforeAll: [], afterAll: [] };
  return holder[KEY];
}
