/**
 * Settles like `promise`, or rejects with the abort reason as soon as `signal` aborts; the listener is
 * always removed, and a rejection of the abandoned promise is swallowed. @internal
 */
export function untilAborted<T>(promise: PromiseLike<T>, signal: AbortSignal): Promise<T> {
  const settled = Promise.resolve(promise);
  if (signal.aborted) {
    settled.catch(() => undefined);
    return Promise.reject(signal.reason as unknown);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      settled.catch(() => undefined);
      reject(signal.reason as unknown);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    settled.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
