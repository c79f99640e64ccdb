import type { Aggregator } from '../tool-definition/aggregator.js';
import type { Usage } from '../spec/language-model/v1/usage.js';
import type { SubAgentBundle, SubAgentItem } from './sub-agent-bundle.js';

/**
 * Folds a nested agent run into one tool result — the "sub-agent tool". Its items are the nested run's
 * events followed by a final {@link SubAgentResultItem}; its stored result is a {@link SubAgentBundle}
 * (the messages the nested run added, its final text, stop reason and usage); the model sees only the
 * final assistant text.
 *
 * Events with `parentToolCallId` set come from a deeper level of nesting and are ignored here. Before the
 * final item arrives, the snapshot is incomplete (`complete: false`, no messages) and its `text` is the
 * current step's text so far, built from `text-delta` items when the tool yields them.
 *
 * Usually made by {@link subAgentTool}; usable on its own with any tool whose generator yields a nested
 * run's events and then the result item.
 *
 * @example
 * ```ts
 * const aggregator = new SubAgentAggregator();
 * aggregator.feed({ type: 'sub-agent-result', runId: 'r1', messages, text: 'Found 3 records.', stopReason: 'endTurn', usage });
 * SubAgentAggregator.toModelInput(aggregator.snapshot()); // 'Found 3 records.'
 * ```
 *
 * @category Sub-agents
 */
export class SubAgentAggregator implements Aggregator<SubAgentItem, SubAgentBundle> {
  private runId: string | undefined = undefined;
  private text = '';
  private inputTokens = 0;
  private outputTokens = 0;
  private final: SubAgentBundle | undefined = undefined;

  /** Takes one event of the nested run, or its final result item. */
  feed(item: SubAgentItem): void {
    if (item.type === 'sub-agent-result') {
      this.final = {
        runId: item.runId,
        messages: item.messages,
        text: item.text,
        stopReason: item.stopReason,
        usage: item.usage,
        complete: true,
      };
      return;
    }
    if (item.parentToolCallId !== undefined) return;
    this.runId ??= item.runId;
    if (item.type === 'step-start') this.text = '';
    else if (item.type === 'text-delta') this.text += item.chunk;
    else if (item.type === 'step-end') {
      this.inputTokens += item.usage.inputTokens;
      this.outputTokens += item.usage.outputTokens;
    }
  }

  /** The bundle: final once the result item arrived, partial before. */
  snapshot(): SubAgentBundle {
    if (this.final !== undefined) return this.final;
    const usage: Usage = { inputTokens: this.inputTokens, outputTokens: this.outputTokens };
    return { runId: this.runId, messages: [], text: this.text, stopReason: undefined, usage, complete: false };
  }

  /**
   * The model sees the nested run's final assistant text. When there is none, a sentence saying so (with
   * the stop reason), so the model is never sent an empty result.
   */
  static toModelInput(snapshot: SubAgentBundle): string {
    if (snapshot.text !== '') return snapshot.text;
    if (!snapshot.complete) return 'The sub-agent did not finish.';
    return `The sub-agent ended without a text answer (stop reason: ${String(snapshot.stopReason)}).`;
  }
}
