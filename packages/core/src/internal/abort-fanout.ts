import type { LinkedAbort } from './linked-abort.js';

/**
 * One listener on a parent signal that aborts any number of child controllers. Linking each child with
 * its own listener would add one listener per tool call to the group's signal — O(n) work per add and,
 * past ten, Node's "possible EventTarget memory leak" warning. @internal
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
