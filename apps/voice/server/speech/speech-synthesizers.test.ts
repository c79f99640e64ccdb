import { describe, expect, it } from 'vitest';
import { rms } from '../demo/energy-vad.js';
import { espeakSynthesizer } from './espeak-synthesizer.js';
import { findSpeechSynthesizer } from './find-speech-synthesizer.js';
import { toneSynthesizer } from './tone-synthesizer.js';

describe('toneSynthesizer', () => {
  it('beeps once per word, about as long as the words would take', async () => {
    const audio = await toneSynthesizer().synthesize('one two three four', 24_000);
    expect(audio.byteLength / 2 / 24_000).toBeCloseTo(4 * 0.18, 3);
    expect(rms(audio)).toBeGreaterThan(0.05);
  });
});

// espeak-ng is installed by scripts/ensure-system-deps.sh, so this runs the real program.
describe('espeakSynthesizer', () => {
  it('speaks text read from stdin as PCM16 at the rate asked for', async () => {
    const audio = await espeakSynthesizer().synthesize('--version; Your five second timer has finished.', 24_000);
    const seconds = audio.byteLength / 2 / 24_000;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(6);
    expect(rms(audio)).toBeGreaterThan(0.01);
  });

  it('stops the program when the signal aborts', async () => {
    const controller = new AbortController();
    const speaking = espeakSynthesizer().synthesize('A long sentence that takes a while to say. '.repeat(50), 24_000, controller.signal);
    controller.abort();
    await expect(speaking).rejects.toThrow(/abort/i);
  });

  it('reports a program that fails or cannot start', async () => {
    await expect(espeakSynthesizer({ executable: 'false' }).synthesize('hi', 24_000)).rejects.toThrow(/false exited with code 1/);
    await expect(espeakSynthesizer({ executable: '/nonexistent/espeak-ng' }).synthesize('hi', 24_000)).rejects.toThrow(/ENOENT/);
  });

  it('is found on PATH, and VOICE_SPEECH=tone forces the beeps', async () => {
    expect((await findSpeechSynthesizer({ PATH: process.env.PATH })).name).toBe('espeak-ng');
    expect((await findSpeechSynthesizer({ PATH: '/nonexistent' })).name).toBe('tone');
    expect((await findSpeechSynthesizer({ PATH: process.env.PATH, VOICE_SPEECH: 'tone' })).name).toBe('tone');
  });
});
