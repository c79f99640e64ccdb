// Fuzz: the Messages stream parser, fed the fixture streams cut at random points, reassembles exactly the
// same parts; fed malformed streams (truncated, invalid UTF-8, flipped bytes, malformed, huge and error
// events carrying the API key), it ends with a typed Tandem error that never shows the key.
import { describe, it } from 'vitest';
import { contractTools, recordingSleep } from '@tandem/core/testing';
import { runStreamFuzz, sseFixtureEvents, streamingFetch } from '@tandem/provider-utils/testing';
import { createAnthropic } from './anthropic-provider.js';

const KEY = 'sk-ant-api03-fuzz-planted-7a1c4e2b9d';
const MAX_EVENT_BYTES = 4096;
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

runStreamFuzz(
  { describe, it },
  {
    name: 'Anthropic stream parser',
    fixtures: ['text', 'utf8', 'reasoning', 'redacted-thinking', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'web-search', 'web-search-error', 'cached-usage', 'finish-max_tokens', 'finish-pause_turn', 'finish-refusal', 'finish-stop_sequence', 'error-event'],
    events: (name) => sseFixtureEvents(new URL('./__fixtures__/', import.meta.url), name),
    stream: (chunks) =>
      createAnthropic({ apiKey: KEY, baseURL: 'http://fuzz.test/v1', fetch: streamingFetch(chunks), sleep: recordingSleep().sleep, maxRetries: 1, maxEventBytes: MAX_EVENT_BYTES })('claude-sonnet-4-5').stream(request),
    // Events a hostile or broken server might send, each echoing the API key.
    planted: [
      `data: ${KEY}\n\n`,
      `event: error\ndata: {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key ${KEY}"}}\n\n`,
      `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"${KEY}"}}\n\n`,
      `event: content_block_delta\ndata: {"type":"content_block_delta","index":"${KEY}","delta":{}}\n\n`,
      `event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":7},"usage":"${KEY}"}\n\n`,
      `data: ${'A'.repeat(MAX_EVENT_BYTES)}${KEY}\n\n`,
      `data: {"type": "message_start", "message": "${KEY}\n\n`,
    ],
    secrets: [KEY],
  },
);
