import { APICallError, type BidiModelEvent, type BidiResponseStopReason } from '@tandem/core/spec';
import { redactSecrets } from '@tandem/provider-utils';
import type { z } from 'zod';
import type { realtimeEventSchemas } from './realtime-server-event.js';

/** How a `response.done` status maps to a stop reason. @internal */
export function stopReason(status: string, hadCalls: boolean): BidiResponseStopReason {
  if (status === 'cancelled') return 'interrupted';
  if (status === 'failed' || status === 'incomplete') return 'error';
  return hadCalls ? 'tool-use' : 'complete';
}

/** A non-fatal `error` event for a server `error` (or a failed transcription), keys redacted. @internal */
export function serverError(
  message: string,
  event: unknown,
  options: { readonly url: string; readonly secrets: readonly (string | undefined)[] },
): BidiModelEvent {
  return {
    type: 'error',
    fatal: false,
    error: new APICallError({
      message: redactSecrets(message, options.secrets),
      url: options.url,
      responseBody: redactSecrets(JSON.stringify(event), options.secrets),
      isRetryable: false,
    }),
  };
}

/** The `usage` event of a finished response. @internal */
export function usageEvent(responseId: string, usage: z.infer<(typeof realtimeEventSchemas)['response.done']>['response']['usage']): BidiModelEvent[] {
  if (!usage) return [];
  const cached = usage.input_token_details?.cached_tokens;
  return [
    {
      type: 'usage',
      responseId,
      usage: { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens, ...(cached ? { cachedInputTokens: cached } : {}) },
    },
  ];
}
