// Fuzz: the Responses and Chat stream parsers, fed the fixture streams cut at random points, reassemble
// exactly the same parts; fed malformed streams (truncated, invalid UTF-8, flipped bytes, malformed, huge
// and error events carrying the API key), they end with a typed Tandem error that never shows the key.
import { describe, it } from 'vitest';
import { contractTools, recordingSleep } from '@tandem/core/testing';
import { runStreamFuzz, sseFixtureEvents, streamingFetch } from '@tandem/provider-utils/testing';
import { createOpenAI } from './openai-provider.js';

const KEY = 'sk-fuzz-planted-5f0c1e9a7b3d2468';
const MAX_EVENT_BYTES = 4096;
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

const FIXTURES = {
  responses: ['text', 'split-deltas', 'reasoning', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'web-search', 'cached-usage', 'finish-max_output_tokens', 'finish-content_filter', 'finish-failed', 'error-event'],
  chat: ['text', 'split-deltas', 'reasoning', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'web-search', 'cached-usage', 'finish-length', 'finish-content_filter'],
} as const;

/** Events a hostile or broken server might send (to either API), each echoing the API key. */
const PLANTED = [
  `data: ${KEY}\n\n`,
  `data: {"error":{"message":"Incorrect API key provided: ${KEY}","type":"invalid_request_error","code":"invalid_api_key"}}\n\n`,
  `event: error\ndata: {"type":"error","sequence_number":9,"code":"invalid_api_key","message":"bad key ${KEY}","param":null}\n\n`,
  `data: {"type":"response.output_text.delta","item_id":7,"delta":"${KEY}"}\n\n`,
  `data: {"id":"x","choices":"${KEY}"}\n\n`,
  `data: {"type":"response.failed","response":{"id":"r","status":"failed","error":{"code":"x","message":"${KEY}"}}}\n\n`,
  `data: ${'A'.repeat(MAX_EVENT_BYTES)}${KEY}\n\n`,
  `data: {"unterminated": "${KEY}\n\n`,
];

for (const api of ['responses', 'chat'] as const) {
  runStreamFuzz(
    { describe, it },
    {
      name: `OpenAI ${api} stream parser`,
      fixtures: FIXTURES[api],
      events: (name) => sseFixtureEvents(new URL(`./__fixtures__/${api}/`, import.meta.url), name),
      stream: (chunks) =>
        createOpenAI({ apiKey: KEY, baseURL: 'http://fuzz.test/v1', fetch: streamingFetch(chunks), sleep: recordingSleep().sleep, maxRetries: 1, maxEventBytes: MAX_EVENT_BYTES })[api]('gpt-4.1').stream(request),
      planted: PLANTED,
      secrets: [KEY],
    },
  );
}
