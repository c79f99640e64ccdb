import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { int16ToMulaw, mulawToInt16 } from './mulaw.js';

const dir = mkdtempSync(join(tmpdir(), 'tandem-mulaw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs SoX (`sox` from Debian) on raw files in `dir`. */
function sox(args: string[]): void {
  execFileSync('sox', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

const raw16 = ['-t', 'raw', '-r', '8000', '-e', 'signed', '-b', '16', '-c', '1'];
const rawUlaw = ['-t', 'raw', '-r', '8000', '-e', 'mu-law', '-c', '1'];

/** The segment (exponent) of a decoded μ-law level and the size of one quantization step there. */
function stepAt(level: number): number {
  const magnitude = Math.abs(level) + 0x84;
  return 8 << (31 - Math.clz32(magnitude >> 7));
}

describe('G.711 μ-law', () => {
  it('decodes every one of the 256 codes to the level SoX decodes it to', () => {
    const codes = Uint8Array.from({ length: 256 }, (_, i) => i);
    writeFileSync(join(dir, 'codes.ul'), codes);
    sox([...rawUlaw, 'codes.ul', ...raw16, 'codes.s16']);
    const bytes = readFileSync(join(dir, 'codes.s16'));
    const expected = new Int16Array(bytes.buffer, bytes.byteOffset, 256);
    expect(Array.from(mulawToInt16(codes))).toEqual(Array.from(expected));
  });

  it('encodes speech like SoX, never further from the input than SoX where the two round differently', () => {
    execFileSync('espeak-ng', ['-w', join(dir, 'speech.wav'), 'Set a timer for five seconds, then call me back.']);
    sox(['speech.wav', '-D', ...raw16, 'speech.s16']);
    sox(['-D', ...raw16, 'speech.s16', ...rawUlaw, 'speech.ul']);
    const pcm = readFileSync(join(dir, 'speech.s16'));
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2);
    const theirs = mulawToInt16(new Uint8Array(readFileSync(join(dir, 'speech.ul'))));
    const ours = mulawToInt16(int16ToMulaw(samples));
    expect(samples.length).toBeGreaterThan(8000); // at least a second of speech
    let same = 0;
    for (let i = 0; i < samples.length; i++) {
      const input = samples[i] as number;
      const a = ours[i] as number;
      const b = theirs[i] as number;
      if (a === b) {
        same++;
        continue;
      }
      // SoX rounds to 14 bits first, so near a decision level it can pick the neighbouring step.
      expect(Math.abs(a - b), `sample ${String(i)} (${String(input)})`).toBeLessThanOrEqual(stepAt(b));
      expect(Math.abs(a - input), `sample ${String(i)} (${String(input)})`).toBeLessThanOrEqual(Math.abs(b - input));
    }
    expect(same / samples.length).toBeGreaterThan(0.9);
  });

  it('quantizes every 16-bit value to the nearest level of its segment (G.711 decision levels)', () => {
    const all = Int16Array.from({ length: 65_536 }, (_, i) => i - 32_768);
    const decoded = mulawToInt16(int16ToMulaw(all));
    const off: string[] = [];
    for (let i = 0; i < all.length; i++) {
      const input = all[i] as number;
      const clipped = Math.max(-32_635, Math.min(32_635, input));
      const level = decoded[i] as number;
      if (Math.abs(level - clipped) > stepAt(level) / 2) off.push(`${String(input)} → ${String(level)}`);
    }
    expect(off).toEqual([]);
  });

  it('maps silence to the code 0xff and keeps the sign', () => {
    expect(Array.from(int16ToMulaw(new Int16Array([0, 1000, -1000, 32_767, -32_768])))).toEqual([0xff, 0xce, 0x4e, 0x80, 0x00]);
    expect(Array.from(mulawToInt16(new Uint8Array([0xff, 0x80, 0x00])))).toEqual([0, 32_124, -32_124]);
  });
});
