/**
 * An AbortController that follows a parent signal; `dispose()` unlinks it from the parent.
 *
 * @category Tool runtime
 */
export interface LinkedAbort {
  readonly controller: AbortController;
  readonly signal: AbortSignal;
  dispose(): void;
}

/**
 * Links a new controller to `parents`: it aborts (with the parent's reason) when any parent aborts.
 *
 * @category Tool runtime
 */
export function linkedAbort(...parents: readonly (AbortSignal | undefined)[]): LinkedAbort {
  const controller = new AbortController();
  const cleanups: (() => void)[] = [];
  for (const parent of parents) {
    if (parent === undefined) continue;
    if (parent.aborted) {
      controller.abort(parent.reason);
      break;
    }
    const onAbort = (): void => controller.abort(parent.reason);
    parent.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => parent.removeEventListener('abort', onAbort));
  }
  return {
    controller,
    signal: controller.signal,
    dispose: () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}

/**
 * Settles like `promise`, or rejects with `signal.reason` as soon as `signal` aborts. The listener is
 * removed either way; a promise abandoned by the abort has its later rejection swallowed.
 */
export function raceAbort<T>(promise: PromiseLike<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    Promise.resolve(promise).then(undefined, () => undefined);
    return Promise.reject(signal.reason as unknown);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      Promise.resolve(promise).then(undefined, () => undefined);
      reject(signal.reason as unknown);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(promise).then(
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
