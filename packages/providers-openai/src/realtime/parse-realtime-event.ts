import { APICallError, InvalidResponseDataError, type BidiModelEvent, type BidiResponseStopReason } from '@tandem/core/spec';
import { parseJsonEvent, redactSecrets, validateJson } from '@tandem/provider-utils';
import type { z } from 'zod';
import {
  RealtimeEventEnvelope,
  ignoredRealtimeEventTypes,
  realtimeEventSchemas,
  type RealtimeEventType,
  type RealtimeServerEvent,
} from './realtime-server-event.js';

/**
 * Parses one server message: the validated event, `undefined` for a documented event this provider does
 * not need. Throws `InvalidResponseDataError` for data that is not JSON, does not match its schema, or
 * has a `type` the API does not document. @internal
 */
export function parseRealtimeEvent(text: string): RealtimeServerEvent | undefined {
  const envelope = parseJsonEvent(text, RealtimeEventEnvelope, { provider: 'OpenAI Realtime' });
  if (ignoredRealtimeEventTypes.has(envelope.type)) return undefined;
  if (!(envelope.type in realtimeEventSchemas)) {
    throw new InvalidResponseDataError({
      message: `OpenAI Realtime sent an event of unknown type "${envelope.type.slice(0, 100)}"; it was ignored. Upgrade the provider package if the API added it.`,
      data: text.length > 1000 ? `${text.slice(0, 1000)}…` : text,
    });
  }
  const type = envelope.type as RealtimeEventType;
  const schema: z.ZodType<unknown> = realtimeEventSchemas[type];
  return { ...(validateJson(JSON.parse(text) as unknown, schema, { provider: 'OpenAI Realtime' }) as object), type } as RealtimeServerEvent;
}

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
