// Fuzz: the Gateway's Chat Completions stream parser, fed the fixture streams cut at random points, reassembles exactly the
// same parts; fed malformed streams (truncated, invalid UTF-8, flipped bytes, malformed, huge and error
// events carrying the API key), it ends with a typed Tandem error that never shows the key.
import { describe, it } from 'vitest';
import { contractTools, recordingSleep } from '@tandem/core/testing';
import { runStreamFuzz, sseFixtureEvents, streamingFetch } from '@tandem/provider-utils/testing';
import { createGateway } from './gateway-provider.js';

const KEY = 'gw-fuzz-planted-0123456789abcdef';
const MAX_EVENT_BYTES = 4096;
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

runStreamFuzz(
  { describe, it },
  {
    name: 'Gateway (OpenAI-compatible Chat) stream parser',
    fixtures: ['text', 'split-deltas', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'perplexity-search', 'cached-usage', 'finish-length', 'finish-content_filter'],
    events: (name) => sseFixtureEvents(new URL('./__fixtures__/', import.meta.url), name),
    stream: (chunks) =>
      createGateway({ apiKey: KEY, baseURL: 'http://fuzz.test/v1', fetch: streamingFetch(chunks), sleep: recordingSleep().sleep, maxRetries: 1, maxEventBytes: MAX_EVENT_BYTES })('openai/gpt-5').stream(request),
    // Events a hostile or broken server might send, each echoing the API key.
    planted: [
      `data: ${KEY}\n\n`,
      `data: {"error":{"message":"Incorrect API key provided: ${KEY}","type":"invalid_request_error","code":"invalid_api_key"}}\n\n`,
      `data: {"error":{"message":"${KEY}"}}\n\n`,
      `data: {"id":"x","choices":"${KEY}"}\n\n`,
      `data: {"id":"x","choices":[{"index":0,"delta":{"tool_calls":[{"index":"${KEY}"}]}}]}\n\n`,
      `data: ${'A'.repeat(MAX_EVENT_BYTES)}${KEY}\n\n`,
      `data: {"choices": [{"delta": "${KEY}\n\n`,
    ],
    secrets: [KEY],
  },
);
