import type { LinkedAbort } from './linked-abort.js';

export type { LinkedAbort };

/**
 * One listener on a parent signal that aborts any number of child controllers. Linking each child with its
 * own listener would put one listener per child on the parent — O(n) work per add and, past ten, Node's
 * "possible EventTarget memory leak" warning. The runtime uses it for the calls of a tool group; use it for
 * anything that starts many abortable tasks under one long-lived signal.
 *
 * @example
 * ```ts
 * const fanout = new AbortFanout(session.signal);
 * const task = fanout.child();            // aborts when session.signal does
 * try { await work(task.signal); } finally { task.dispose(); }
 * const value = await fanout.race(fetchSomething());   // or: just stop waiting when it aborts
 * fanout.dispose();                       // when no more children will be made
 * ```
 *
 * @category Tool runtime
 */
export class AbortFanout {
  private readonly children = new Set<(reason: unknown) => void>();
  private readonly onAbort = (): void => {
    for (const child of this.children) child(this.parent.reason);
  };

  constructor(private readonly parent: AbortSignal) {
    if (!parent.aborted) parent.addEventListener('abort', this.onAbort, { once: true });
  }

  /** A controller that aborts (with the parent's reason) when the parent does; `dispose()` unlinks it. */
  child(): LinkedAbort {
    const controller = new AbortController();
    if (this.parent.aborted) {
      controller.abort(this.parent.reason);
      return { controller, signal: controller.signal, dispose: () => undefined };
    }
    const abort = (reason: unknown): void => controller.abort(reason);
    this.children.add(abort);
    return { controller, signal: controller.signal, dispose: () => this.children.delete(abort) };
  }

  /**
   * Settles like `promise`, or rejects with the parent's reason as soon as it aborts — without a listener
   * on the parent of its own (a `raceAbort` on the shared signal would add one per task). A promise
   * abandoned by the abort has its later rejection swallowed.
   *
   * @example
   * ```ts
   * const value = await fanout.race(task());   // rejects at once when session.signal aborts
   * ```
   */
  race<T>(promise: PromiseLike<T>): Promise<T> {
    if (this.parent.aborted) {
      Promise.resolve(promise).then(undefined, () => undefined);
      return Promise.reject(this.parent.reason as unknown);
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = (reason: unknown): void => {
        Promise.resolve(promise).then(undefined, () => undefined);
        reject(reason);
      };
      this.children.add(onAbort);
      Promise.resolve(promise).then(
        (value) => {
          this.children.delete(onAbort);
          resolve(value);
        },
        (error: unknown) => {
          this.children.delete(onAbort);
          reject(error);
        },
      );
    });
  }

  /**
   * Calls `listener` with the parent's reason when the parent aborts — at once when it already has. The
   * cheapest link: no controller, no promise; {@link unwatch} removes it.
   *
   * @example
   * ```ts
   * const stop = (reason: unknown) => task.cancel(reason);
   * fanout.watch(stop);
   * await task.done;
   * fanout.unwatch(stop);
   * ```
   */
  watch(listener: (reason: unknown) => void): void {
    if (this.parent.aborted) listener(this.parent.reason);
    else this.children.add(listener);
  }

  /**
   * Removes a listener added with {@link watch}.
   *
   * @example
   * ```ts
   * fanout.unwatch(stop);
   * ```
   */
  unwatch(listener: (reason: unknown) => void): void {
    this.children.delete(listener);
  }

  /** Removes the listener from the parent. */
  dispose(): void {
    this.parent.removeEventListener('abort', this.onAbort);
    this.children.clear();
  }
}
