import type { Message } from '../spec/message/v1/message.js';
import type { SessionOptions } from '../session/session-store.js';
import type { RunHooks } from './run-hooks.js';
import { withMessageId } from '../context/with-message-ids.js';

/**
 * Adds messages to a run's history: pushes each, appends it to the session store (when the run has one)
 * and runs the `messageAdded` hooks. The one way messages enter history. @internal
 */
export class RunRecorder {
  constructor(
    private readonly messages: Message[],
    private readonly hooks: RunHooks,
    private readonly runId: string,
    private readonly session: SessionOptions | undefined,
    /** Give each message without an `id` one (runs with a context manager: a compaction points at ids). */
    private readonly assignIds = false,
  ) {}

  /** Adds `message`; resolves once it is stored and the hooks ran. Rejects when either fails. */
  async record(added: Message, step: number): Promise<void> {
    const message = this.assignIds ? withMessageId(added) : added;
    this.messages.push(message);
    if (this.session !== undefined) await this.session.store.append(this.session.id, [message]);
    if (this.hooks.has('messageAdded')) await this.hooks.run('messageAdded', { runId: this.runId, step, message });
  }

  /**
   * Adds `message` without hooks — used to keep history paired while a run is failing. Resolves even
   * when storing it fails (the run is already rejecting with the first error).
   */
  async recordQuietly(added: Message): Promise<void> {
    const message = this.assignIds ? withMessageId(added) : added;
    this.messages.push(message);
    if (this.session === undefined) return;
    try {
      await this.session.store.append(this.session.id, [message]);
    } catch {
      // The run reports the error that made it fail.
    }
  }
}
