import type { Message } from '@tandem/core';

/** Every byte value once, then a few again: a file part whose bytes must come back exactly. */
function allBytes(): Uint8Array {
  const bytes = new Uint8Array(300);
  for (let i = 0; i < bytes.length; i++) bytes[i] = i % 256;
  return bytes;
}

/** Deterministic pseudo-random bytes (no crypto needed, same on every run). */
export function patternBytes(length: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

/**
 * A conversation that uses every part type and the awkward corners of storage: bytes, URLs, emoji
 * and other non-Latin text, a NUL character, a lone surrogate, quotes and backslashes, nested
 * provider metadata, tool results with JSON and mixed content.
 *
 * @category Conformance suite
 */
export function sampleConversation(): Message[] {
  const messages: Message[] = [
    { role: 'system', parts: [{ type: 'text', text: 'You are terse.' }] },
    {
      id: 'msg_user_1',
      role: 'user',
      parts: [
        { type: 'text', text: 'Grüße 👋🏽 — 你好, مرحبا, e\u0301, tab\tquote" back\\slash nul\u0000 lone\ud800 end' },
        { type: 'file', mediaType: 'image/png', data: allBytes(), filename: 'all-bytes.png' },
        { type: 'file', mediaType: 'application/pdf', data: new URL('https://example.com/a%20b.pdf?x=1#p2') },
      ],
    },
    {
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'Two lookups, at once.', providerMetadata: { anthropic: { signature: 'sig==', nested: { list: [1, 2.5, -3, true, null] } } } },
        { type: 'text', text: 'Checking both.' },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', toolArgs: '{"city":"Oslo"}', input: { city: 'Oslo' } },
        { type: 'tool-call', toolCallId: 'call_2', toolName: 'weather', toolArgs: '{"city":"Lis' },
        { type: 'builtin-tool-call', toolCallId: 'ws_1', toolName: 'web_search', toolArgs: '{"q":"x"}' },
        { type: 'builtin-tool-result', toolCallId: 'ws_1', toolName: 'web_search', result: { hits: [{ url: 'https://a.example' }] }, isError: false },
      ],
    },
    {
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'weather',
          status: 'success',
          result: { tempC: -4.5, sky: 'snow ❄️', hourly: [1, 2, 3] },
          modelInput: { type: 'json', value: { tempC: -4.5, sky: 'snow ❄️', hourly: [1, 2, 3] } },
        },
        {
          type: 'tool-result',
          toolCallId: 'call_2',
          toolName: 'weather',
          status: 'error',
          result: 'Invalid JSON arguments',
          modelInput: {
            type: 'content',
            value: [
              { type: 'text', text: 'Invalid JSON arguments' },
              { type: 'file', mediaType: 'image/png', data: patternBytes(64, 7) },
            ],
          },
        },
      ],
    },
    { role: 'assistant', parts: [{ type: 'text', text: 'Oslo: −4.5 °C, snow.' }] },
  ];
  return messages;
}

/** A short user message, numbered, for order checks. */
export function numbered(label: string, n: number): Message {
  return { role: 'user', parts: [{ type: 'text', text: `${label} #${n}` }] };
}
