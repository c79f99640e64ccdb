import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APICallError, IncompleteResponseError, type ModelStreamPart } from '@tandem/core/spec';
import { AnthropicStreamEvent } from './anthropic-stream-event.js';
import { AnthropicStreamMapper } from './anthropic-stream-mapper.js';

const URL_ = 'https://api.anthropic.com/v1/messages';

function fixtureEvents(name: string): AnthropicStreamEvent[] {
  const text = readFileSync(new URL(`./__fixtures__/${name}.chunks.txt`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('event:'))
    .map((line) => AnthropicStreamEvent.parse(JSON.parse(line.slice(line.indexOf('data:') + 5))));
}

function mapAll(name: string): ModelStreamPart[] {
  const mapper = new AnthropicStreamMapper({ url: URL_ });
  const parts = fixtureEvents(name).flatMap((event) => mapper.map(event));
  mapper.end();
  return parts;
}

describe('AnthropicStreamMapper', () => {
  it('maps a text response to text parts and a finish with usage', () => {
    expect(mapAll('text')).toEqual([
      { type: 'text-start', blockId: '0' },
      { type: 'text-delta', blockId: '0', chunk: 'Hello' },
      { type: 'text-delta', blockId: '0', chunk: ', world!' },
      { type: 'text-end', blockId: '0' },
      {
        type: 'finish',
        finishReason: 'stop',
        usage: { inputTokens: 25, outputTokens: 6, cachedInputTokens: 0 },
        providerMetadata: { anthropic: { stopReason: 'end_turn', messageId: 'msg_01TextFixture' } },
      },
    ]);
  });

  it('maps the answer tool to a text block (input sent whole) next to a real call, which keeps tool-calls', () => {
    const mapper = new AnthropicStreamMapper({ url: URL_, answerTool: 'output' });
    const events: AnthropicStreamEvent[] = [
      { type: 'message_start', message: { id: 'msg_1', model: 'claude-3-5-haiku-latest', usage: { input_tokens: 5, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_a', name: 'output', input: { ok: true } } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_b', name: 'weather', input: {} } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 9 } },
      { type: 'message_stop' },
    ];
    const parts = events.flatMap((event) => mapper.map(AnthropicStreamEvent.parse(event)));
    expect(parts.slice(0, 5)).toEqual([
      { type: 'text-start', blockId: '0' },
      { type: 'text-delta', blockId: '0', chunk: '{"ok":true}' },
      { type: 'text-end', blockId: '0' },
      { type: 'tool-start', toolCallId: 'toolu_b', toolName: 'weather' },
      { type: 'tool-end', toolCallId: 'toolu_b', toolName: 'weather', toolArgs: '{}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('streams tool input as deltas and ends the call with the complete JSON', () => {
    const parts = mapAll('tool-call');
    expect(parts.filter((p) => p.type.startsWith('tool-'))).toEqual([
      { type: 'tool-start', toolCallId: 'toolu_01WeatherCall', toolName: 'weather' },
      { type: 'tool-delta', toolCallId: 'toolu_01WeatherCall', chunk: '{"city":' },
      { type: 'tool-delta', toolCallId: 'toolu_01WeatherCall', chunk: ' "San Fra' },
      { type: 'tool-delta', toolCallId: 'toolu_01WeatherCall', chunk: 'ncisco"}' },
      {
        type: 'tool-end',
        toolCallId: 'toolu_01WeatherCall',
        toolName: 'weather',
        toolArgs: '{"city": "San Francisco"}',
      },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('gives a call without arguments the arguments {}', () => {
    const end = mapAll('tool-call-no-args').find((p) => p.type === 'tool-end');
    expect(end).toMatchObject({ toolArgs: '{}' });
  });

  it('keeps the thinking signature on reasoning-end for the round trip', () => {
    const parts = mapAll('reasoning');
    expect(parts.slice(0, 4)).toEqual([
      { type: 'reasoning-start', blockId: '0' },
      { type: 'reasoning-delta', blockId: '0', chunk: 'I need to find the GCD of 1071 and 462.' },
      { type: 'reasoning-delta', blockId: '0', chunk: ' 1071 = 2 × 462 + 147; 462 = 3 × 147 + 21; 147 = 7 × 21.' },
      {
        type: 'reasoning-end',
        blockId: '0',
        providerMetadata: { anthropic: { signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds' } },
      },
    ]);
  });

  it('keeps redacted thinking data', () => {
    expect(mapAll('redacted-thinking').slice(0, 2)).toEqual([
      { type: 'reasoning-start', blockId: '0' },
      {
        type: 'reasoning-end',
        blockId: '0',
        providerMetadata: { anthropic: { redactedData: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' } },
      },
    ]);
  });

  it('counts cache reads into inputTokens and reports them as cachedInputTokens', () => {
    expect(mapAll('cached-usage').at(-1)).toMatchObject({
      usage: { inputTokens: 1821, outputTokens: 5, cachedInputTokens: 1800 },
    });
  });

  it.each([
    ['max_tokens', 'length'],
    ['stop_sequence', 'stop'],
    ['refusal', 'content-filter'],
    ['pause_turn', 'other'],
  ])('maps stop_reason %s to %s', (reason, finishReason) => {
    expect(mapAll(`finish-${reason}`).at(-1)).toMatchObject({ type: 'finish', finishReason });
  });

  it('emits web search calls and results as builtin-tool parts', () => {
    const parts = mapAll('web-search');
    const builtin = parts.filter((p) => p.type.startsWith('builtin-'));
    expect(builtin).toEqual([
      {
        type: 'builtin-tool-call',
        toolCallId: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB',
        toolName: 'web_search',
        toolArgs: '{"query":"weather NYC today"}',
        providerMetadata: { anthropic: { blockType: 'server_tool_use' } },
      },
      {
        type: 'builtin-tool-result',
        toolCallId: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB',
        toolName: 'web_search',
        isError: false,
        result: [
          {
            type: 'web_search_result',
            title: 'Weather in New York City',
            url: 'https://weather.example.com/nyc',
            encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y2MSDFuQVaH',
            page_age: '3 hours ago',
          },
        ],
        providerMetadata: { anthropic: { blockType: 'web_search_tool_result' } },
      },
    ]);
    const citedEnd = parts.find((p) => p.type === 'text-end' && p.blockId === '3');
    expect(citedEnd).toMatchObject({ providerMetadata: { anthropic: { citations: [{ cited_text: 'Sunny, high of 75°F' }] } } });
    expect(parts.at(-1)).toMatchObject({
      usage: { inputTokens: 10682, outputTokens: 510 },
      providerMetadata: { anthropic: { webSearchRequests: 1 } },
    });
  });

  it('flags a failed web search result as an error', () => {
    const result = mapAll('web-search-error').find((p) => p.type === 'builtin-tool-result');
    expect(result).toMatchObject({ isError: true, result: { error_code: 'max_uses_exceeded' } });
  });

  it('throws a retryable APICallError for an overloaded error event', () => {
    const mapper = new AnthropicStreamMapper({ url: URL_ });
    const [start, error] = fixtureEvents('error-event');
    mapper.map(start!);
    let thrown: unknown;
    try {
      mapper.map(error!);
    } catch (e) {
      thrown = e;
    }
    expect(APICallError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ statusCode: 529, isRetryable: true, url: URL_ });
    expect((thrown as Error).message).toContain('Overloaded');
  });

  it('throws IncompleteResponseError when the stream ends before message_stop', () => {
    const mapper = new AnthropicStreamMapper({ url: URL_ });
    for (const event of fixtureEvents('text').slice(0, -1)) mapper.map(event);
    expect(() => mapper.end()).toThrow(IncompleteResponseError);
  });

  it('closes a block left open when message_stop arrives', () => {
    const mapper = new AnthropicStreamMapper({ url: URL_ });
    const events = fixtureEvents('text').filter((event) => event.type !== 'content_block_stop');
    const parts = events.flatMap((event) => mapper.map(event));
    expect(parts.map((p) => p.type)).toEqual(['text-start', 'text-delta', 'text-delta', 'text-end', 'finish']);
  });
});
