import type { Message } from '../spec/message/v1/message.js';
import type { CancelOptions, ToolAgent } from '../tool/tool-context.js';
import { ToolCancelledError } from '../tool-runtime/tool-errors.js';

/**
 * The mutable state of one run, and the `ctx.agent` its tools see: `cancel()` here affects this run only.
 * @internal
 */
export class RunState implements ToolAgent {
  readonly messages: Message[];
  readonly abort = new AbortController();
  /** Set by `cancel({ afterCurrentTools: true })`; honoured after the current tool group. */
  deferred: { message: string | undefined } | undefined;
  /** The message to append when the run ends by an immediate cancel. */
  cancelMessage: string | undefined;

  constructor(messages: readonly Message[]) {
    this.messages = [...messages];
  }

  /** The pending `afterCurrentTools` cancel, if any. */
  deferredEnd(): { message: string | undefined } | undefined {
    return this.deferred;
  }

  cancel(options: CancelOptions = {}): void {
    if (options.afterCurrentTools === true) {
      this.deferred ??= { message: options.message };
      return;
    }
    if (this.abort.signal.aborted) return;
    this.cancelMessage = options.message;
    this.abort.abort(new ToolCancelledError());
  }
}
