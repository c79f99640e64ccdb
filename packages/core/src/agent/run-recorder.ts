import type { Message } from '../spec/message/v1/message.js';
import type { SessionOptions } from '../session/session-store.js';
import type { RunHooks } from './run-hooks.js';
import { withMessageId } from '../context/with-message-ids.js';

/**
 * Adds messages to a run's history: pushes each, appends it to the session store (when the run has one)
 * and runs the `messageAdded` hooks. The one way messages enter history. @internal
 */
export class RunRecorder {
  /** The final answer held for the output guardrails: in history, not yet stored or announced. */
  private held: { message: Message; step: number; index: number } | undefined;

  constructor(
    private readonly messages: Message[],
    private readonly hooks: RunHooks,
    private readonly runId: string,
    private readonly session: SessionOptions | undefined,
    /** Give each message without an `id` one (runs with a context manager: a compaction points at ids). */
    private readonly assignIds = false,
    /** Hold an assistant message without tool calls (a final answer) until {@link release}: output guardrails check it first. */
    private readonly holdAnswers = false,
  ) {}

  /** Adds `message`; resolves once it is stored and the hooks ran. Rejects when either fails. */
  async record(added: Message, step: number): Promise<void> {
    if (this.held !== undefined) await this.release();
    const message = this.assignIds ? withMessageId(added) : added;
    this.messages.push(message);
    if (this.holdAnswers && message.role === 'assistant' && !message.parts.some((part) => part.type === 'tool-call')) {
      this.held = { message, step, index: this.messages.length - 1 };
      return;
    }
    await this.announce(message, step);
  }

  /** The final answer being held, if any. */
  get heldAnswer(): Message | undefined {
    return this.held?.message;
  }

  /**
   * Stores and announces the held answer — or `replacement` in its place, or nothing when `replacement`
   * is `null` (the answer is withheld: it leaves history).
   */
  async release(replacement?: Message | null): Promise<void> {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    if (replacement === null) {
      this.messages.splice(held.index, 1);
      return;
    }
    const message = replacement === undefined ? held.message : this.assignIds ? withMessageId(replacement) : replacement;
    this.messages[held.index] = message;
    await this.announce(message, held.step);
  }

  private async announce(message: Message, step: number): Promise<void> {
    if (this.session !== undefined) await this.session.store.append(this.session.id, [message]);
    if (this.hooks.has('messageAdded')) await this.hooks.run('messageAdded', { runId: this.runId, step, message });
  }

  /**
   * Adds `message` without hooks — used to keep history paired while a run is failing. Resolves even
   * when storing it fails (the run is already rejecting with the first error).
   */
  async recordQuietly(added: Message): Promise<void> {
    if (this.held !== undefined) await this.releaseQuietly();
    const message = this.assignIds ? withMessageId(added) : added;
    this.messages.push(message);
    if (this.session === undefined) return;
    try {
      await this.session.store.append(this.session.id, [message]);
    } catch {
      // The run reports the error that made it fail.
    }
  }

  /** Stores a held answer as it is (a failing run keeps what the model said), never rejecting. */
  async releaseQuietly(): Promise<void> {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    if (this.session === undefined) return;
    try {
      await this.session.store.append(this.session.id, [held.message]);
    } catch {
      // The run reports the error that made it fail.
    }
  }
}
