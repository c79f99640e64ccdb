// A model may send function-call arguments nested far deeper than the call stack; the next request must
// still carry them back instead of the run failing with a RangeError.
import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { createGoogleGenerativeAI } from './google-provider.js';

const DEPTH = 10_000;
const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

describe('function-call arguments nested 10,000 levels deep', () => {
  it('are executed and sent back verbatim on the next request', async () => {
    await using server = await ProviderTestServer.start();
    const call = `{"candidates":[{"content":{"parts":[{"functionCall":{"name":"inspect","args":{"x":${deep}}}}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":5,"totalTokenCount":10}}`;
    server.enqueue({ type: 'sse', events: [{ data: call }] }, { type: 'sse', events: loadSseFixture(new URL('./__fixtures__/', import.meta.url), 'text') });
    const inspect: FunctionTool = {
      kind: 'function',
      name: 'inspect',
      description: 'Measures nesting.', inputSchema: { type: 'object' },
      execute: () => 'measured',
    };
    const model = createGoogleGenerativeAI({ apiKey: 'gemini-deep-test-key', baseURL: server.baseURL('/v1beta') })('gemini-2.5-flash');
    const result = await new Agent({ tools: [inspect] }).run(model, [userMessage('Go deep.')]).result;
    expect(result.stopReason).toBe('endTurn');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.bodyText).toContain(`"args":{"x":${deep}}`);
  });
});
