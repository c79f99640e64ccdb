import { createInterface, type Interface } from 'node:readline';
import type { BidiAgentInput } from '@tandem/bidi';
import type { ApprovalDecision, ApprovalRequest } from '@tandem/core';
import type { Paint } from '../output/color.js';
import { preview } from '../output/preview.js';

interface Question {
  readonly text: string;
  readonly answer: (line: string | undefined) => void;
}

/**
 * The lines typed in `tandem voice`, shared by the conversation and the approval questions: while a
 * question (`Allow run_command(…)? [y/N]`) is open, the next line answers it; every other non-empty line
 * is a user turn. Questions are asked one at a time; the end of input (Ctrl-D) denies the open ones.
 *
 * @example
 * ```ts
 * const lines = new TerminalLines(process.stdin, process.stderr, paint);
 * const agent = new BidiAgent({ model, tools, approve: (request) => lines.approve(request) });
 * await agent.run({ inputs: [lines.input()], outputs: [textOutput()] });
 * ```
 */
export class TerminalLines {
  private reader: Interface | undefined;
  private iterator: AsyncIterator<string> | undefined;
  private readonly questions: Question[] = [];
  private readonly waiting: Array<(line: string | undefined) => void> = [];
  private readonly buffered: Array<string | undefined> = [];
  private ended = false;
  private pumping = false;

  constructor(
    private readonly source: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    private readonly paint: Paint,
  ) {}

  /** The conversation's text input: each non-empty line that answers no question is a user turn. */
  input(): BidiAgentInput {
    return {
      read: async (signal) => {
        for (;;) {
          const line = await this.nextTurnLine(signal);
          if (line === undefined) return { type: 'end', reason: 'complete' };
          const text = line.trim();
          if (text !== '') return { type: 'text', text };
        }
      },
      stop: () => this.close(),
    };
  }

  /** Asks on the terminal whether a call may run: `y`/`yes` approves, anything else (or the end of input) denies. */
  approve(request: ApprovalRequest): Promise<ApprovalDecision> {
    return new Promise((resolve) => {
      const text = `${this.paint('yellow', 'Allow')} ${this.paint('bold', request.toolName)}(${preview(request.input, 100)})? [y/N] `;
      this.questions.push({
        text,
        answer: (line) => resolve(line !== undefined && /^y(es)?$/i.test(line.trim()) ? true : { approved: false, reason: 'answered no in the terminal' }),
      });
      if (this.questions.length === 1) this.output.write(`\n${text}`);
      this.pump();
    });
  }

  /** Stops reading the terminal; open questions are denied. */
  close(): void {
    this.reader?.close();
    this.finish();
  }

  private nextTurnLine(signal: AbortSignal): Promise<string | undefined> {
    signal.throwIfAborted();
    const line = this.buffered.shift();
    if (line !== undefined || this.ended) return Promise.resolve(line);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.waiting.indexOf(deliver);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      const deliver = (value: string | undefined): void => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(deliver);
      this.pump();
    });
  }

  /** Reads lines while someone waits for one: a question first, else a turn. */
  private pump(): void {
    if (this.pumping || this.ended) return;
    this.pumping = true;
    void (async () => {
      try {
        while (!this.ended && (this.questions.length > 0 || this.waiting.length > 0)) {
          const next = await this.lines().next();
          if (next.done === true) break;
          this.deliver(next.value);
        }
        if (!this.ended && (this.questions.length > 0 || this.waiting.length > 0)) this.finish();
      } catch {
        this.finish();
      } finally {
        this.pumping = false;
      }
    })();
  }

  private deliver(line: string): void {
    const question = this.questions.shift();
    if (question !== undefined) {
      question.answer(line);
      const following = this.questions[0];
      if (following !== undefined) this.output.write(following.text);
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter !== undefined) waiter(line);
    else this.buffered.push(line);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    for (const question of this.questions.splice(0)) question.answer(undefined);
    for (const waiter of this.waiting.splice(0)) waiter(undefined);
  }

  private lines(): AsyncIterator<string> {
    if (this.iterator === undefined) {
      this.reader = createInterface({ input: this.source, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
      this.iterator = this.reader[Symbol.asyncIterator]();
    }
    return this.iterator;
  }
}
