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
 * fanout.dispose();                       // when no more children will be made
 * ```
 *
 * @category Tool runtime
 */
export class AbortFanout {
  private readonly children = new Set<AbortController>();
  private readonly onAbort = (): void => {
    for (const child of this.children) child.abort(this.parent.reason);
  };

  constructor(private readonly parent: AbortSignal) {
    if (!parent.aborted) parent.addEventListener('abort', this.onAbort, { once: true });
  }

  /** A controller that aborts (with the parent's reason) when the parent does; `dispose()` unlinks it. */
  child(): LinkedAbort {
    const controller = new AbortController();
    if (this.parent.aborted) controller.abort(this.parent.reason);
    else this.children.add(controller);
    return { controller, signal: controller.signal, dispose: () => this.children.delete(controller) };
  }

  /** Removes the listener from the parent. */
  dispose(): void {
    this.parent.removeEventListener('abort', this.onAbort);
    this.children.clear();
  }
}
