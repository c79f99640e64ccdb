import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/**
 * One server-sent event as the test server writes it.
 *
 * @category Provider contract kit
 */
export interface SseEvent {
  /** The `event:` field; omitted for unnamed events. */
  readonly event?: string;
  /** The `data:` payload (one line, usually JSON). */
  readonly data: string;
}

const NAMED_EVENT = /^event:\s*(\S+)\s+data:\s?(.*)$/;

/**
 * Parses the text of a `<case>.chunks.txt` fixture. Format, one event per line:
 *
 * - `{"type":"…"}` or any other text — an unnamed event: written as `data: <line>\n\n`
 *   (so `[DONE]` is written as `data: [DONE]`);
 * - `event: <name> data: <payload>` — a named event: written as `event: <name>\ndata: <payload>\n\n`;
 * - blank lines and lines starting with `#` (notes such as the source of the format) are skipped.
 *
 * @example
 * ```ts
 * parseSseFixture('# from the vendor reference\n{"a":1}\nevent: ping data: {}\n');
 * // [{ data: '{"a":1}' }, { event: 'ping', data: '{}' }]
 * ```
 *
 * @category Provider contract kit
 */
export function parseSseFixture(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trimEnd();
    if (line === '' || line.startsWith('#')) continue;
    const named = NAMED_EVENT.exec(line);
    if (named !== null) events.push({ event: named[1] ?? '', data: named[2] ?? '' });
    else events.push({ data: line });
  }
  return events;
}

/**
 * Serializes events to the SSE wire format (`event:`/`data:` lines, a blank line after each event).
 *
 * @example
 * ```ts
 * encodeSseEvents([{ data: '{"a":1}' }]); // 'data: {"a":1}\n\n'
 * ```
 *
 * @category Provider contract kit
 */
export function encodeSseEvents(events: readonly SseEvent[]): string {
  return events.map((e) => `${e.event === undefined ? '' : `event: ${e.event}\n`}data: ${e.data}\n\n`).join('');
}

function fixturePath(dir: string | URL, file: string): string {
  const base = typeof dir === 'string' ? dir : fileURLToPath(dir);
  return join(base, file);
}

/**
 * Reads `<dir>/<name>.chunks.txt` and parses it with {@link parseSseFixture}.
 *
 * @example
 * ```ts
 * const events = loadSseFixture(new URL('./__fixtures__/', import.meta.url), 'text');
 * server.enqueue({ type: 'sse', events });
 * ```
 *
 * @category Provider contract kit
 */
export function loadSseFixture(dir: string | URL, name: string): SseEvent[] {
  return parseSseFixture(readFileSync(fixturePath(dir, `${name}.chunks.txt`), 'utf8'));
}

/**
 * Reads and parses `<dir>/<name>.json`.
 *
 * @example
 * ```ts
 * const body = loadJsonFixture(new URL('./__fixtures__/', import.meta.url), 'error-400');
 * server.enqueue({ type: 'json', status: 400, body });
 * ```
 *
 * @category Provider contract kit
 */
export function loadJsonFixture(dir: string | URL, name: string): unknown {
  return JSON.parse(readFileSync(fixturePath(dir, `${name}.json`), 'utf8')) as unknown;
}
