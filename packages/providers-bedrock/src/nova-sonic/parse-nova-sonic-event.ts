import { InvalidResponseDataError } from '@tandem/core/spec';
import { parseJsonEvent, validateJson } from '@tandem/provider-utils';
import type { z } from 'zod';
import { NovaOutputEnvelope, novaOutputEventSchemas, type NovaOutputEvent, type NovaOutputEventName } from './nova-sonic-output-event.js';

const PROVIDER = 'Amazon Nova Sonic';

/**
 * Parses the `chunk.bytes` of one output frame: `{ "event": { "<name>": {…} } }`.
 *
 * @throws `InvalidResponseDataError` when the bytes are not the documented JSON, or name an event this
 * package does not know (both are reported as non-fatal errors; the session goes on).
 * @internal
 */
export function parseNovaSonicEvent(bytes: Uint8Array): NovaOutputEvent {
  const text = new TextDecoder().decode(bytes);
  const envelope = parseJsonEvent(text, NovaOutputEnvelope, { provider: PROVIDER });
  const names = Object.keys(envelope.event);
  if (names.length !== 1) {
    throw new InvalidResponseDataError({ message: `${PROVIDER} sent an event with ${names.length} members (expected exactly one): ${truncate(text)}`, data: envelope });
  }
  const name = names[0]!;
  if (!(name in novaOutputEventSchemas)) {
    throw new InvalidResponseDataError({
      message: `${PROVIDER} sent an unknown event "${name}"; it was ignored. Upgrade @tandem/providers-bedrock if the API added it.`,
      data: envelope,
    });
  }
  const key = name as NovaOutputEventName;
  const schema: z.ZodType<unknown> = novaOutputEventSchemas[key];
  return { name: key, body: validateJson(envelope.event[name], schema, { provider: PROVIDER }) } as NovaOutputEvent;
}

function truncate(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
