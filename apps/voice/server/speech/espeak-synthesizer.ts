import { spawn } from 'node:child_process';
import { resamplePcm16 } from '@tandem/bidi';
import { parseWav } from './parse-wav.js';
import type { SpeechSynthesizer } from './speech-synthesizer.js';

/** Settings of {@link espeakSynthesizer}. */
export interface EspeakOptions {
  /** The executable (default `espeak-ng`, found on `PATH`). */
  readonly executable?: string;
  /** Voice (default `en-us`). */
  readonly voice?: string;
  /** Words per minute (default 175). */
  readonly wordsPerMinute?: number;
}

/**
 * Speech from `espeak-ng`: the text goes in on stdin (never as arguments), the WAV it writes to stdout is
 * resampled to the rate asked for. The process is killed when `signal` aborts.
 */
export function espeakSynthesizer(options: EspeakOptions = {}): SpeechSynthesizer {
  const executable = options.executable ?? 'espeak-ng';
  const args = ['--stdout', '--stdin', '-v', options.voice ?? 'en-us', '-s', String(options.wordsPerMinute ?? 175)];
  return {
    name: 'espeak-ng',
    async synthesize(text, sampleRate, signal) {
      signal?.throwIfAborted();
      const wav = await run(executable, args, text, signal);
      const audio = parseWav(wav);
      if (audio.channels !== 1) throw new TypeError(`espeak-ng wrote ${String(audio.channels)} channels; expected mono.`);
      return resamplePcm16(audio.pcm16, audio.sampleRate, sampleRate);
    },
  };
}

function run(executable: string, args: readonly string[], input: string, signal: AbortSignal | undefined): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { stdio: ['pipe', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    let errorText = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      errorText += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else if (signal?.aborted !== true) reject(new Error(`${executable} exited with code ${String(code)}: ${errorText.trim()}`));
    });
    child.stdin.on('error', () => undefined); // the process may exit before reading everything
    child.stdin.end(input);
  });
}
