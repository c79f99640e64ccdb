// A model may send tool arguments nested far deeper than the call stack; the next request must still
// carry them back (as tool_use input) instead of the run failing with a RangeError.
import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { createAnthropic } from './anthropic-provider.js';

const DEPTH = 10_000;
const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

const toolUse = (partialJson: string) => [
  { event: 'message_start', data: JSON.stringify({ type: 'message_start', message: { id: 'msg_deep', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } }) },
  { event: 'content_block_start', data: JSON.stringify({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_deep', name: 'inspect', input: {} } }) },
  { event: 'content_block_delta', data: JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: partialJson } }) },
  { event: 'content_block_stop', data: JSON.stringify({ type: 'content_block_stop', index: 0 }) },
  { event: 'message_delta', data: JSON.stringify({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 20 } }) },
  { event: 'message_stop', data: JSON.stringify({ type: 'message_stop' }) },
];

describe('tool arguments nested 10,000 levels deep', () => {
  it('are executed and sent back verbatim on the next request; the run ends normally', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'sse', events: toolUse(`{"x":${deep}}`) }, { type: 'sse', events: loadSseFixture(new URL('./__fixtures__/', import.meta.url), 'text') });
    let depthSeen = 0;
    const inspect: FunctionTool = {
      kind: 'function',
      name: 'inspect',
      description: 'Measures nesting.', inputSchema: { type: 'object' },
      execute: (input) => {
        for (let value: unknown = (input as { x: unknown }).x; Array.isArray(value); value = value[0]) depthSeen += 1;
        return `depth ${depthSeen}`;
      },
    };
    const model = createAnthropic({ apiKey: 'sk-ant-deep-test', baseURL: server.baseURL('/v1') })('claude-sonnet-4-5');
    const result = await new Agent({ tools: [inspect] }).run(model, [userMessage('Go deep.')]).result;
    expect(result.stopReason).toBe('endTurn');
    expect(depthSeen).toBe(DEPTH);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.bodyText).toContain(`{"type":"tool_use","id":"toolu_deep","name":"inspect","input":{"x":${deep}}}`);
    expect(server.requests[1]!.bodyText).toContain('"content":"depth 10000"');
  });
});
