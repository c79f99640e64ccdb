import type { Message } from '../spec/message/v1/message.js';
import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { CancelOptions, ToolAgent } from '../tool-definition/tool-context.js';
import { ToolCancelledError } from '../tool-runtime/tool-errors.js';

/** A request to end the run after the current tool group, with the final text to append (if any). @internal */
export interface DeferredEnd {
  readonly message: string | undefined;
}

/**
 * The mutable state of one run, and the `ctx.agent` its tools see: `cancel()` here affects this run only.
 * The deferred end — from the stop tool, `cancel({ afterCurrentTools })` or an `afterTools` hook — is one
 * piece of state, read only by the step decision.
 * @internal
 */
export class RunState implements ToolAgent {
  readonly messages: Message[];
  readonly abort = new AbortController();
  /** The message to append when the run ends by an immediate cancel. */
  cancelMessage: string | undefined;
  private deferredEnd: DeferredEnd | undefined;
  /** The model the active agent runs on (an `asTool()` agent without a model of its own uses it). */
  model: LanguageModel | undefined;
  /** Told when a deferred end is requested (the running group cancels its approval waits). */
  onDeferred: (() => void) | undefined;

  constructor(messages: readonly Message[]) {
    this.messages = [...messages];
  }

  /** Whether the run was cancelled immediately (or its signal aborted). */
  get cancelled(): boolean {
    return this.abort.signal.aborted;
  }

  /** The pending end-after-this-group, if any. */
  get deferred(): DeferredEnd | undefined {
    return this.deferredEnd;
  }

  /**
   * Ends the run after the current group. The first message given wins — two stop calls in one group
   * keep the first one's text — unless `replace` (an `afterTools` hook's `endTurn` text overrides).
   */
  deferEnd(message: string | undefined, replace = false): void {
    if (this.deferredEnd === undefined || (replace && message !== undefined)) this.deferredEnd = { message };
    else if (this.deferredEnd.message === undefined && message !== undefined) this.deferredEnd = { message };
    this.onDeferred?.();
  }

  cancel(options: CancelOptions = {}): void {
    if (options.afterCurrentTools === true) {
      this.deferEnd(options.message);
      return;
    }
    if (this.abort.signal.aborted) return;
    this.cancelMessage = options.message;
    this.abort.abort(new ToolCancelledError());
  }
}
