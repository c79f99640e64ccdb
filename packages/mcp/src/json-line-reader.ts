import { TopLevelFieldScanner } from './top-level-field-scanner.js';

/** One complete line, or a line that was too long and was skipped. @internal */
export type LineEvent =
  | { readonly kind: 'line'; readonly text: string }
  | {
      readonly kind: 'oversized';
      /** The line's full length in bytes (newline excluded). */
      readonly bytes: number;
      /** The JSON-RPC `id` found at the top level of the skipped message, if any. */
      readonly id: string | number | undefined;
      /** True when the skipped message has a top-level `method` (a request or notification, not a reply). */
      readonly hasMethod: boolean;
    };

const NEWLINE = 0x0a;
const utf8 = new TextDecoder();

/**
 * Splits a byte stream into newline-delimited lines (the MCP stdio framing) without ever holding more
 * than `maxLineBytes` of one line. A longer line is not buffered: its bytes are only scanned for the
 * message's top-level `id`/`method` until its newline, then it is reported as `oversized` and reading
 * resumes with the next line — a raw newline cannot occur inside a JSON message, so the stream stays
 * in sync. Buffering is linear (chunks are joined once per line, not on every append).
 * @internal
 */
export class JsonLineReader {
  private readonly maxLineBytes: number;
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  /** Set while skipping an oversized line. */
  private skipping: { scanner: TopLevelFieldScanner; bytes: number } | undefined;

  constructor(maxLineBytes: number) {
    this.maxLineBytes = maxLineBytes;
  }

  /** Feeds a chunk; returns the lines it completed, in order. */
  push(chunk: Uint8Array): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.take(chunk.subarray(start, end));
      if (newline === -1) break;
      events.push(this.endLine());
      start = newline + 1;
    }
    return events;
  }

  /** Drops whatever partial line is buffered. */
  clear(): void {
    this.chunks = [];
    this.buffered = 0;
    this.skipping = undefined;
  }

  private take(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.skipping !== undefined) {
      this.skipping.scanner.feed(piece);
      this.skipping.bytes += piece.length;
      return;
    }
    if (this.buffered + piece.length <= this.maxLineBytes) {
      // Copy: the caller's chunk may be reused by the stream.
      this.chunks.push(piece.slice());
      this.buffered += piece.length;
      return;
    }
    const scanner = new TopLevelFieldScanner();
    for (const buffered of this.chunks) scanner.feed(buffered);
    scanner.feed(piece);
    this.skipping = { scanner, bytes: this.buffered + piece.length };
    this.chunks = [];
    this.buffered = 0;
  }

  private endLine(): LineEvent {
    const skipping = this.skipping;
    if (skipping !== undefined) {
      this.skipping = undefined;
      return { kind: 'oversized', bytes: skipping.bytes, id: skipping.scanner.id, hasMethod: skipping.scanner.hasMethod };
    }
    const joined = new Uint8Array(this.buffered);
    let offset = 0;
    for (const chunk of this.chunks) {
      joined.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const text = utf8.decode(joined).replace(/\r$/, '');
    this.chunks = [];
    this.buffered = 0;
    return { kind: 'line', text };
  }
}
