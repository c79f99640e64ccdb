import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** One Bedrock stream event as documented: `{ "<eventType>": <payload> }`, e.g. `{ "messageStart": { "role": "assistant" } }`. */
export type BedrockWireEvent = { readonly [eventType: string]: unknown };

/**
 * Encodes one event as a binary AWS event-stream frame, the way Bedrock sends it: headers
 * `:event-type`, `:content-type: application/json`, `:message-type: event`, and the payload as JSON.
 * Test-only: the Bedrock loopback server writes these frames.
 */
export function encodeEventFrame(event: BedrockWireEvent): Uint8Array {
  const entries = Object.entries(event);
  if (entries.length !== 1) throw new Error('A Bedrock event has exactly one member.');
  const [eventType, payload] = entries[0]!;
  return codec.encode({
    headers: {
      ':event-type': { type: 'string', value: eventType },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify(payload)),
  });
}

/**
 * Encodes a modeled exception sent inside the stream (`:message-type: exception`), e.g.
 * `encodeExceptionFrame('modelStreamErrorException', 'Model stream error')`.
 */
export function encodeExceptionFrame(exceptionType: string, message: string): Uint8Array {
  return codec.encode({
    headers: {
      ':exception-type': { type: 'string', value: exceptionType },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'exception' },
    },
    body: fromUtf8(JSON.stringify({ message })),
  });
}
