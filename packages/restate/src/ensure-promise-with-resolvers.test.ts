import { afterEach, describe, expect, it } from 'vitest';
import { ensurePromiseWithResolvers } from './ensure-promise-with-resolvers.js';

type WithResolvers = PromiseConstructor & { withResolvers?: <T>() => { promise: Promise<T>; resolve: (value: T) => void; reject: (reason?: unknown) => void } };
const PromiseCtor = Promise as WithResolvers;
const original = Object.getOwnPropertyDescriptor(Promise, 'withResolvers');

afterEach(() => {
  if (original === undefined) delete PromiseCtor.withResolvers;
  else Object.defineProperty(Promise, 'withResolvers', original);
});

describe('ensurePromiseWithResolvers', () => {
  it('installs a working, non-enumerable Promise.withResolvers where it is missing', async () => {
    delete PromiseCtor.withResolvers;
    ensurePromiseWithResolvers();
    const descriptor = Object.getOwnPropertyDescriptor(Promise, 'withResolvers');
    expect(descriptor?.enumerable).toBe(false);
    const resolved = PromiseCtor.withResolvers!<number>();
    resolved.resolve(42);
    await expect(resolved.promise).resolves.toBe(42);
    const rejected = PromiseCtor.withResolvers!<number>();
    rejected.reject(new Error('no'));
    await expect(rejected.promise).rejects.toThrow('no');
  });

  it('creates instances of the constructor it is called on, like the built-in', () => {
    delete PromiseCtor.withResolvers;
    ensurePromiseWithResolvers();
    class Sub<T> extends Promise<T> {}
    const { promise } = PromiseCtor.withResolvers!.call(Sub);
    expect(promise).toBeInstanceOf(Sub);
  });

  it('leaves an existing implementation alone', () => {
    const mine = (): never => {
      throw new Error('mine');
    };
    Object.defineProperty(Promise, 'withResolvers', { value: mine, configurable: true, writable: true });
    ensurePromiseWithResolvers();
    expect(PromiseCtor.withResolvers).toBe(mine);
  });
});
