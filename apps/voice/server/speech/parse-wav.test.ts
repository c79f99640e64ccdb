import { describe, expect, it } from 'vitest';
import { pcm16Tone, wavFile } from '../__fixtures__/pcm.js';
import { parseWav } from './parse-wav.js';

describe('parseWav', () => {
  it('reads the format and the samples', () => {
    const pcm = pcm16Tone(10, 22_050);
    expect(parseWav(wavFile(pcm, 22_050))).toEqual({ sampleRate: 22_050, channels: 1, pcm16: pcm });
  });

  it('reads to the end when the data size is a placeholder (a WAV written to a pipe)', () => {
    const pcm = pcm16Tone(10, 22_050);
    expect(parseWav(wavFile(pcm, 22_050, 1, 0x7fff_f000)).pcm16).toEqual(pcm);
  });

  it('refuses what is not 16-bit PCM WAV', () => {
    expect(() => parseWav(new TextEncoder().encode('hello, not a wav file'))).toThrow(/Not a WAV file/);
    const wav = wavFile(pcm16Tone(10, 8_000), 8_000);
    new DataView(wav.buffer).setUint16(34, 8, true);
    expect(() => parseWav(wav)).toThrow(/expected 16-bit PCM/);
  });
});
