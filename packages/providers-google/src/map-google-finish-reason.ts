import type { FinishReason } from '@tandem/core/spec';

/**
 * Maps a Gemini `finishReason` to a Tandem `FinishReason`. A natural `STOP` after function calls
 * becomes `tool-calls` (Gemini has no separate reason for it).
 *
 * `STOP` → `stop`; `MAX_TOKENS` → `length`; `SAFETY`, `RECITATION`, `BLOCKLIST`, `PROHIBITED_CONTENT`,
 * `SPII`, `IMAGE_SAFETY`, `IMAGE_PROHIBITED_CONTENT`, `IMAGE_RECITATION` → `content-filter`;
 * `MALFORMED_FUNCTION_CALL`, `UNEXPECTED_TOOL_CALL`, `TOO_MANY_TOOL_CALLS` → `error`; everything else
 * (`LANGUAGE`, `OTHER`, `FINISH_REASON_UNSPECIFIED`, new values) → `other`.
 *
 * @example
 * ```ts
 * mapGoogleFinishReason('SAFETY', false); // 'content-filter'
 * ```
 *
 * @category Wire format
 */
export function mapGoogleFinishReason(finishReason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  switch (finishReason) {
    case 'STOP':
      return hasToolCalls ? 'tool-calls' : 'stop';
    case 'MAX_TOKENS':
      return 'length';
    case 'SAFETY':
    case 'RECITATION':
    case 'BLOCKLIST':
    case 'PROHIBITED_CONTENT':
    case 'SPII':
    case 'IMAGE_SAFETY':
    case 'IMAGE_PROHIBITED_CONTENT':
    case 'IMAGE_RECITATION':
      return 'content-filter';
    case 'MALFORMED_FUNCTION_CALL':
    case 'UNEXPECTED_TOOL_CALL':
    case 'TOO_MANY_TOOL_CALLS':
      return 'error';
    default:
      return 'other';
  }
}
