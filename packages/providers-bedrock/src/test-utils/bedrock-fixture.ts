import { readFileSync } from 'node:fs';
import type { RawResponse } from '@tandem/core/testing';
import { encodeEventFrame, type BedrockWireEvent } from './encode-event-stream.js';

const FIXTURES = new URL('../__fixtures__/', import.meta.url);

/** Reads `__fixtures__/<name>.json`: the documented events of one Converse stream, in order. */
export function loadBedrockEvents(name: string): BedrockWireEvent[] {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as BedrockWireEvent[];
}

/**
 * The loopback response for a fixture: HTTP 200 `application/vnd.amazon.eventstream`, one binary frame per
 * event — or, with `pieceSize`, the frames' bytes cut into pieces of that size (splitting frames and UTF-8).
 */
export function bedrockStream(name: string, pieceSize?: number): RawResponse {
  const frames = loadBedrockEvents(name).map(encodeEventFrame);
  return {
    type: 'raw',
    headers: { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'req-fixture' },
    chunks: pieceSize === undefined ? frames : split(frames, pieceSize),
  };
}

function split(frames: readonly Uint8Array[], size: number): Uint8Array[] {
  const all = Buffer.concat(frames);
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) pieces.push(all.subarray(i, i + size));
  return pieces;
}
