import type { BidiCloseReason } from '../bidi-event.js';
import type { ToolGroupRun } from '../tools/tool-group-run.js';

/**
 * How the conversation is to end: not yet, deferred (`cancel()` from a tool or with `afterCurrentTools`
 * waits for groups to be recorded), or ending (with its reason). @internal
 */
export class ConversationEnd {
  private deferred: { readonly waitFor: Set<ToolGroupRun>; message: string | undefined } | undefined;
  private reasonValue: BidiCloseReason | undefined;
  private readyToEnd = false;

  get reason(): BidiCloseReason | undefined {
    return this.reasonValue;
  }

  get ending(): boolean {
    return this.reasonValue !== undefined;
  }

  /** The message of a deferred end (appended as the final assistant message). */
  get message(): string | undefined {
    return this.deferred?.message;
  }

  get state(): 'none' | 'waiting' | 'ready' {
    if (this.readyToEnd) return 'ready';
    return this.deferred === undefined ? 'none' : 'waiting';
  }

  /** Ends once every group of `groups` has been recorded. */
  defer(groups: readonly ToolGroupRun[], message: string | undefined): void {
    this.deferred ??= { waitFor: new Set(), message: undefined };
    for (const run of groups) this.deferred.waitFor.add(run);
    this.deferred.message ??= message;
  }

  /**
   * A group was recorded. Returns false when its results must not go to the model: the conversation is
   * ending, or this group was the one a deferred end waited for.
   */
  recorded(run: ToolGroupRun): boolean {
    if (this.ending) return false;
    if (this.deferred?.waitFor.delete(run) !== true) return true;
    if (this.deferred.waitFor.size === 0) this.readyToEnd = true;
    return false;
  }

  /** Marks the end as begun; false when it had begun already. */
  begin(reason: BidiCloseReason): boolean {
    if (this.reasonValue !== undefined) return false;
    this.reasonValue = reason;
    return true;
  }
}
