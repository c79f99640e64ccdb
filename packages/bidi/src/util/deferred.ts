/** A promise with its resolve/reject exposed. Rejections are marked handled. @internal */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
  settled: boolean;
}

/** Makes a {@link Deferred}. @internal */
export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  const result: Deferred<T> = {
    promise,
    settled: false,
    resolve(value) {
      if (result.settled) return;
      result.settled = true;
      resolve(value);
    },
    reject(error) {
      if (result.settled) return;
      result.settled = true;
      reject(error);
    },
  };
  return result;
}
