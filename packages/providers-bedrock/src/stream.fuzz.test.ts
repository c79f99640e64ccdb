// Fuzz: the Converse event-stream parser (AWS binary framing decoded by the SDK, then our mapper), fed
// the fixture streams cut at random points, reassembles exactly the same parts; fed malformed streams
// (truncated, flipped bytes, garbage, schema-breaking events and exceptions carrying the credentials),
// it ends with a typed Tandem error that never shows a secret.
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { describe, it } from 'vitest';
import { contractTools, recordingSleep } from '@tandem/core/testing';
import { runStreamFuzz } from '@tandem/provider-utils/testing';
import { createBedrock } from './bedrock-provider.js';
import { loadBedrockEvents } from './test-utils/bedrock-fixture.js';
import { encodeEventFrame, encodeExceptionFrame } from './test-utils/encode-event-stream.js';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/FUZZPLANTEDSECRET';
const SESSION = 'FwoGZXIvYXdzEFUZZSESSIONTOKENPLANTED';
const credentials = { accessKeyId: 'AKIDFUZZ', secretAccessKey: SECRET, sessionToken: SESSION };
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

/** The 12-byte prelude of a frame announcing `total` bytes (with a valid prelude CRC), and no more. */
function hugeFramePrelude(total: number): Uint8Array {
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(0, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  return prelude;
}

/** A Bedrock client whose HTTP handler answers, without any network, with these body chunks. */
function clientAnswering(chunks: readonly Uint8Array[]): BedrockRuntimeClient {
  return new BedrockRuntimeClient({
    region: 'us-east-1',
    credentials,
    maxAttempts: 1,
    requestHandler: {
      handle: async () => ({
        response: {
          statusCode: 200,
          reason: 'OK',
          headers: { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'req-fuzz' },
          body: Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
        },
      }),
    },
  });
}

runStreamFuzz(
  { describe, it },
  {
    name: 'Bedrock Converse stream parser',
    fixtures: ['text', 'utf8', 'reasoning', 'redacted-reasoning', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'server-tool', 'cached-usage', 'finish-max_tokens', 'finish-stop_sequence', 'finish-content_filtered', 'finish-guardrail_intervened', 'finish-malformed_tool_use'],
    events: (name) => loadBedrockEvents(name).map(encodeEventFrame),
    stream: (chunks) => createBedrock({ client: clientAnswering(chunks), credentials, sleep: recordingSleep().sleep, maxRetries: 1 })('amazon.nova-pro-v1:0').stream(request),
    // Frames a hostile or broken endpoint might send, each echoing a credential.
    planted: [
      encodeExceptionFrame('validationException', `The security token ${SESSION} is invalid`),
      encodeExceptionFrame('throttlingException', `slow down ${SECRET}`),
      encodeExceptionFrame('someNewException', SECRET),
      encodeEventFrame({ contentBlockDelta: { delta: SECRET, contentBlockIndex: 'x' } }),
      encodeEventFrame({ messageStop: { stopReason: { secret: SESSION } } }),
      encodeEventFrame({ futureEventType: { secret: SECRET } }),
      `garbage ${SECRET}`,
      hugeFramePrelude(0xc0000000), // announces 3 GiB: refused before the SDK would allocate it
    ],
    secrets: [SECRET, SESSION],
    maxOffset: 4000,
  },
);
