import type { SpeechSynthesizer } from './speech-synthesizer.js';

const BEEP_MS = 120;
const GAP_MS = 60;
const AMPLITUDE = 0.2;

/**
 * Stand-in speech when no speech synthesizer is installed: one soft beep per word (its pitch varies with
 * the word), so the audio lasts about as long as the words would.
 */
export function toneSynthesizer(): SpeechSynthesizer {
  return {
    name: 'tone',
    synthesize(text, sampleRate, signal) {
      signal?.throwIfAborted();
      const words = text.split(/\s+/).filter((word) => word.length > 0);
      const beep = Math.round((sampleRate * BEEP_MS) / 1000);
      const gap = Math.round((sampleRate * GAP_MS) / 1000);
      const bytes = new Uint8Array(words.length * (beep + gap) * 2);
      const view = new DataView(bytes.buffer);
      words.forEach((word, index) => {
        const frequency = 330 + (word.length % 6) * 55;
        const start = index * (beep + gap);
        for (let i = 0; i < beep; i++) {
          const envelope = Math.min(1, i / 200, (beep - i) / 200); // no clicks at the edges
          const value = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * AMPLITUDE * envelope;
          view.setInt16((start + i) * 2, Math.round(value * 32767), true);
        }
      });
      return Promise.resolve(bytes);
    },
  };
}
