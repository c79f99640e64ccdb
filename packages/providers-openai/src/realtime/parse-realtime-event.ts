import { InvalidResponseDataError } from '@tandem/core/spec';
import { parseJsonEvent, validateJson } from '@tandem/provider-utils';
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
