import { createInterface, type Interface } from 'node:readline';
import type { AgentRun } from '@tandem/core';
import type { Paint } from '../output/color.js';
import { preview } from '../output/preview.js';

/** A call waiting for approval. */
interface ApprovalQuestion {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/**
 * Asks `Allow <tool>(<input>)? [y/N]` on the terminal for each call that needs approval, one question at
 * a time, and answers the run: `y`/`yes` approves, anything else denies. Ctrl-C while asking interrupts
 * the command as usual.
 */
export class ApprovalPrompter {
  private lines: Interface | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    private readonly paint: Paint,
  ) {}

  /** Queues the question; the answer goes to `run` (and to `onAnswer`, e.g. the panel's timing). */
  ask(run: AgentRun, question: ApprovalQuestion, onAnswer?: (toolCallId: string, approved: boolean) => void): void {
    this.queue = this.queue.then(async () => {
      const answer = await this.question(
        `${this.paint('yellow', 'Allow')} ${this.paint('bold', question.toolName)}(${preview(question.input, 100)})? [y/N] `,
      );
      try {
        const approved = /^y(es)?$/i.test(answer.trim());
        if (approved) run.approve(question.toolCallId);
        else run.deny(question.toolCallId, 'answered no in the terminal');
        onAnswer?.(question.toolCallId, approved);
      } catch {
        // The call stopped waiting meanwhile (cancelled or timed out).
      }
    });
  }

  /** Stops listening to the terminal. */
  close(): void {
    this.lines?.close();
    this.lines = undefined;
  }

  private question(text: string): Promise<string> {
    if (this.lines === undefined) {
      this.lines = createInterface({ input: this.input, output: this.output, terminal: true });
      // Ctrl-C while a question is open: interrupt the command (the run is cancelled), as anywhere else.
      this.lines.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
    }
    const lines = this.lines;
    return new Promise((resolve) => {
      lines.once('close', () => resolve(''));
      lines.question(text, resolve);
    });
  }
}
