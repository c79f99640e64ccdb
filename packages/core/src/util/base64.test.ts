import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64.js';
import { nodeBuiltin, requireNodeBuiltin } from './node-builtin.js';

// The same answers with Node's Buffer (fast path) and without it (browsers, Deno, workerd: btoa/atob).
const samples = [new Uint8Array([]), new Uint8Array([104, 105]), new Uint8Array([255, 254, 0, 1, 2]), Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)];

describe('base64 without Buffer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('encodes like Buffer, large inputs included', () => {
    const withBuffer = samples.map(bytesToBase64);
    vi.stubGlobal('Buffer', undefined);
    expect(samples.map(bytesToBase64)).toEqual(withBuffer);
  });

  it('decodes standard, URL-safe and unpadded base64 like Buffer', () => {
    const inputs = ['aGk=', 'aGk', '__7-', '//7+AAEC', 'aG k=\n', ''];
    const withBuffer = inputs.map((text) => Array.from(base64ToBytes(text)));
    vi.stubGlobal('Buffer', undefined);
    expect(inputs.map((text) => Array.from(base64ToBytes(text)))).toEqual(withBuffer);
    expect(Array.from(base64ToBytes(bytesToBase64(samples[3]!)))).toEqual(Array.from(samples[3]!));
  });
});

describe('nodeBuiltin()', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the built-in in Node and undefined where there is no process (browsers, workerd)', () => {
    expect(typeof nodeBuiltin('node:os')?.availableParallelism).toBe('function');
    vi.stubGlobal('process', undefined);
    expect(nodeBuiltin('node:os')).toBeUndefined();
    expect(() => requireNodeBuiltin('node:worker_threads', 'workerTool()')).toThrow(/workerTool\(\) needs Node's node:worker_threads/);
  });
});
