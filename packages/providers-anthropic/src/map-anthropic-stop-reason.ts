import type { FinishReason } from '@tandem/core/spec';

/**
 * Maps a Messages API `stop_reason` to a Tandem `FinishReason`.
 *
 * `end_turn`/`stop_sequence` → `stop`, `max_tokens` → `length`, `tool_use` → `tool-calls`,
 * `refusal` → `content-filter`; `pause_turn` (a long server-tool turn the caller should continue)
 * and anything unknown → `other`.
 *
 * @example
 * ```ts
 * mapAnthropicStopReason('tool_use'); // 'tool-calls'
 * ```
 *
 * @category Wire format
 */
export function mapAnthropicStopReason(stopReason: string | null | undefined): FinishReason {
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool-calls';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}
