import { describe, expect, it } from 'vitest';
import { JsonLineReader, type LineEvent } from './json-line-reader.js';

/** Feeds `text` in pieces of `size` bytes and collects every event. */
function read(reader: JsonLineReader, text: string, size: number): LineEvent[] {
  const bytes = Buffer.from(text, 'utf8');
  const events: LineEvent[] = [];
  for (let at = 0; at < bytes.length; at += size) events.push(...reader.push(bytes.subarray(at, at + size)));
  return events;
}

describe('JsonLineReader', () => {
  it('reassembles lines split anywhere (UTF-8 included) and strips a trailing CR', () => {
    const text = '{"a":"é✓"}\r\n{"b":2}\n{"c":';
    for (const size of [1, 2, 3, 7, 100]) {
      expect(read(new JsonLineReader(1024), text, size)).toEqual([
        { kind: 'line', text: '{"a":"é✓"}' },
        { kind: 'line', text: '{"b":2}' },
      ]);
    }
  });

  it('skips a line over the limit, finds its top-level id wherever it is, and resumes with the next line', () => {
    const huge = JSON.stringify({ result: { content: [{ id: 99, text: `"id":7}${'x'.repeat(300)}` }] }, jsonrpc: '2.0', id: 42 });
    for (const size of [1, 5, 64, 10_000]) {
      const events = read(new JsonLineReader(100), `${huge}\n{"ok":true}\n`, size);
      expect(events).toEqual([
        { kind: 'oversized', bytes: Buffer.byteLength(huge), id: 42, hasMethod: false },
        { kind: 'line', text: '{"ok":true}' },
      ]);
    }
  });

  it('reads string ids (with escapes) and tells requests and notifications from replies', () => {
    const reader = new JsonLineReader(10);
    expect(read(reader, `{"id":"a\\"b","jsonrpc":"2.0","result":{}}\n`, 3)).toEqual([
      { kind: 'oversized', bytes: 41, id: 'a"b', hasMethod: false },
    ]);
    expect(read(reader, `{"jsonrpc":"2.0","method":"notifications/message","params":{"id":5}}\n`, 4)).toEqual([
      { kind: 'oversized', bytes: 68, id: undefined, hasMethod: true },
    ]);
    expect(read(reader, `${'#'.repeat(50)}\n`, 8)).toEqual([{ kind: 'oversized', bytes: 50, id: undefined, hasMethod: false }]);
  });
});
