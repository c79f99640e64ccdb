import { parseJsonEvent, validateJson } from '@tandem/provider-utils';
import type { z } from 'zod';
import { ResponsesEventEnvelope, responsesEventSchemas, type ResponsesEvent, type ResponsesEventType } from './responses-stream-event.js';

// The Responses API code that needs zod (its schemas are built when this module loads). The model loads it
// with its first call, so importing the provider does not load zod.
export { buildResponsesRequestBody } from './build-responses-request-body.js';

/** Parses one SSE event: the validated event, or `undefined` for an event type this provider ignores. @internal */
export function parseResponsesEvent(data: string, provider: string): ResponsesEvent | undefined {
  const envelope = parseJsonEvent(data, ResponsesEventEnvelope, { provider });
  if (!(envelope.type in responsesEventSchemas)) return undefined;
  const type = envelope.type as ResponsesEventType;
  const schema: z.ZodType<unknown> = responsesEventSchemas[type];
  const fields = validateJson(JSON.parse(data) as unknown, schema, { provider }) as object;
  return { ...fields, type } as ResponsesEvent;
}
