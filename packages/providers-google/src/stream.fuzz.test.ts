// Fuzz: the Gemini stream parser, fed the fixture streams cut at random points, reassembles exactly the
// same parts; fed malformed streams (truncated, invalid UTF-8, flipped bytes, malformed, huge and error
// events carrying the API key), it ends with a typed Tandem error that never shows the key.
import { describe, it } from 'vitest';
import { contractTools, recordingSleep } from '@tandem/core/testing';
import { runStreamFuzz, sseFixtureEvents, streamingFetch } from '@tandem/provider-utils/testing';
import { createGoogleGenerativeAI } from './google-provider.js';

const KEY = 'AIzaSyFuzzPlanted-0123456789abcdefgh';
const MAX_EVENT_BYTES = 4096;
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

runStreamFuzz(
  { describe, it },
  {
    name: 'Gemini stream parser',
    fixtures: ['text', 'utf8', 'reasoning', 'tool-call', 'tool-call-no-args', 'tool-call-with-id', 'parallel-tool-calls', 'code-execution', 'cached-usage', 'prompt-blocked', 'finish-MAX_TOKENS', 'finish-SAFETY', 'finish-MALFORMED_FUNCTION_CALL', 'error-in-stream'],
    events: (name) => sseFixtureEvents(new URL('./__fixtures__/', import.meta.url), name),
    stream: (chunks) =>
      createGoogleGenerativeAI({
        apiKey: KEY,
        baseURL: 'http://fuzz.test/v1beta',
        fetch: streamingFetch(chunks),
        sleep: recordingSleep().sleep,
        maxRetries: 1,
        maxEventBytes: MAX_EVENT_BYTES,
        generateId: () => 'call_fuzz',
      })('gemini-2.5-flash').stream(request),
    // Events a hostile or broken server might send, each echoing the API key.
    planted: [
      `data: ${KEY}\n\n`,
      `data: {"error":{"code":400,"message":"API key not valid: ${KEY}","status":"INVALID_ARGUMENT"}}\n\n`,
      `data: {"error":{"code":"${KEY}"}}\n\n`,
      `data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":7,"args":"${KEY}"}}]}}]}\n\n`,
      `data: {"candidates":"${KEY}"}\n\n`,
      `data: ${'A'.repeat(MAX_EVENT_BYTES)}${KEY}\n\n`,
      `data: {"candidates": [{"content": "${KEY}\n\n`,
    ],
    secrets: [KEY],
  },
);
