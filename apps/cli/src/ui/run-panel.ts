import type { AgentEvent } from '@tandem/core';
import { approvalAnswered, reduceTurn, EMPTY_TURN, type CallView, type TurnView } from '../chat/turn-view.js';
import type { Paint } from '../output/color.js';
import { callTiming } from '../chat/call-timing.js';
import { preview } from '../output/preview.js';

/**
 * The tool panel of `tandem run` on stderr: a line when a call is requested, for each partial result, and
 * when it ends (with its duration), so the answer on stdout stays clean. Lines, not a live view, because
 * stdout and stderr often share the terminal.
 */
export class RunPanel {
  private turn: TurnView = EMPTY_TURN;

  constructor(
    private readonly write: (line: string) => void,
    private readonly paint: Paint,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Records that a call waiting for approval was answered now (its wait is shown apart from its run time). */
  answered(toolCallId: string, approved: boolean): void {
    this.turn = approvalAnswered(this.turn, toolCallId, approved, this.now());
  }

  /** Folds in an event and prints what changed. */
  onEvent(event: AgentEvent): void {
    const before = this.turn;
    this.turn = reduceTurn(before, event, this.now());
    if (event.parentToolCallId !== undefined) return;
    switch (event.type) {
      case 'tool-end':
        this.line(`${this.paint('cyan', '▶')} ${this.paint('bold', event.toolCall.toolName)} ${this.paint('dim', preview(event.toolCall.toolArgs, 100))}`);
        return;
      case 'partial-tool-call-result':
        this.line(`${this.paint('dim', '…')} ${event.toolName}: ${preview(event.label ?? event.value, 100)}`);
        return;
      case 'tool-approval-request':
        this.line(`${this.paint('yellow', '?')} ${event.toolName} needs approval`);
        return;
      case 'tool-retry':
        this.line(`${this.paint('yellow', '↻')} ${event.toolName}: attempt ${String(event.attempt)} after ${preview(event.error, 80)}`);
        return;
      case 'tool-call-result':
        for (const result of event.results) {
          const call = this.turn.calls[result.toolCallId];
          if (call !== undefined) this.line(this.ended(call));
        }
        return;
      default:
        return;
    }
  }

  private ended(call: CallView): string {
    const timing = call.endedAt === undefined ? undefined : callTiming(call, call.endedAt);
    const took = timing === undefined ? '' : ` ${this.paint('dim', timing)}`;
    if (call.status === 'done') return `${this.paint('green', '✔')} ${call.toolName}${took} → ${preview(call.result, 100)}`;
    if (call.status === 'cancelled') return `${this.paint('yellow', '⊘')} ${call.toolName}${took} cancelled`;
    return `${this.paint('red', '✖')} ${call.toolName}${took} ${this.paint('red', preview(call.result, 100))}`;
  }

  private line(text: string): void {
    this.write(`  ${text}\n`);
  }
}
