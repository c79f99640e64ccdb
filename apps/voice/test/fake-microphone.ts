import { writeFile } from 'node:fs/promises';
import { pcm16Tone, wavFile } from '../server/__fixtures__/pcm.js';

const RATE = 48_000;

/**
 * Writes the fake microphone's WAV file: a tone (speech to the demo model), silence, a tone, silence.
 * Chromium plays it in a loop from the moment the page opens the microphone.
 */
export async function writeFakeMicrophone(file: string): Promise<string> {
  const parts = [pcm16Tone(1_000, RATE, 0.5), pcm16Tone(1_500, RATE, 0), pcm16Tone(1_000, RATE, 0.5, 660), pcm16Tone(1_500, RATE, 0)];
  const pcm = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    pcm.set(part, offset);
    offset += part.byteLength;
  }
  await writeFile(file, wavFile(pcm, RATE));
  return file;
}
