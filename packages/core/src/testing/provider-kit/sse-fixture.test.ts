import { describe, expect, it } from 'vitest';
import { encodeSseEvents, loadSseFixture, parseSseFixture } from './sse-fixture.js';

describe('SSE fixtures', () => {
  it('parses data lines, named events, and skips notes and blank lines', () => {
    const events = parseSseFixture('# source: vendor docs\n\n{"a":1}\nevent: message_start data: {"b":2}\n[DONE]\n');
    expect(events).toEqual([{ data: '{"a":1}' }, { event: 'message_start', data: '{"b":2}' }, { data: '[DONE]' }]);
  });

  it('encodes events in the SSE wire format', () => {
    expect(encodeSseEvents([{ data: '{"a":1}' }, { event: 'ping', data: '{}' }])).toBe('data: {"a":1}\n\nevent: ping\ndata: {}\n\n');
  });

  it('loads <case>.chunks.txt from a directory URL', () => {
    const events = loadSseFixture(new URL('./__fixtures__/', import.meta.url), 'text');
    expect(events).toHaveLength(3);
    expect(JSON.parse(events[0]!.data)).toEqual({ type: 'text', delta: 'Hel' });
  });
});
