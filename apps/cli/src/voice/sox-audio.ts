import { spawn, type ChildProcess } from 'node:child_process';
import type { BidiAgentInput, BidiAgentOutput } from '@tandem/bidi';
import type { BidiInput } from '@tandem/core/spec';

const RAW_PCM16 = ['-t', 'raw', '-b', '16', '-e', 'signed-integer', '-c', '1'];

/**
 * The microphone through sox's `rec`: PCM16 mono at `sampleRate`, sent to the model as it is captured.
 * The input ends when `rec` exits; `stop()` ends `rec`.
 *
 * @example
 * ```ts
 * await agent.run({ inputs: [textInput(), soxInput({ rec: '/usr/bin/rec', sampleRate: 16_000 })], outputs });
 * ```
 */
export function soxInput(options: { readonly rec: string; readonly sampleRate: number }): BidiAgentInput {
  let child: ChildProcess | undefined;
  const chunks: Uint8Array[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  return {
    start() {
      child = spawn(options.rec, ['-q', ...RAW_PCM16, '-r', String(options.sampleRate), '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout?.on('data', (data: Buffer) => {
        chunks.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        notify();
      });
      const end = (): void => {
        ended = true;
        notify();
      };
      child.once('exit', end);
      child.once('error', end);
    },
    async read(signal): Promise<BidiInput | { type: 'end'; reason: 'complete' }> {
      for (;;) {
        const chunk = chunks.shift();
        if (chunk !== undefined) return { type: 'audio', data: chunk, sampleRate: options.sampleRate };
        if (ended) return { type: 'end', reason: 'complete' };
        signal.throwIfAborted();
        await new Promise<void>((resolve) => {
          const onAbort = (): void => resolve();
          signal.addEventListener('abort', onAbort, { once: true });
          wake = () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          };
        });
      }
    },
    stop() {
      child?.kill('SIGTERM');
    },
  };
}

/**
 * The speaker through sox's `play`: each `audio` event's PCM16 is played as it arrives; a barge-in stops
 * playback at once (the queued audio is dropped) and the next audio starts a fresh `play`.
 *
 * @example
 * ```ts
 * await agent.run({ inputs, outputs: [textOutput(), soxOutput({ play: '/usr/bin/play' })] });
 * ```
 */
export function soxOutput(options: { readonly play: string }): BidiAgentOutput {
  let child: ChildProcess | undefined;
  let rate = 0;
  const open = (sampleRate: number): ChildProcess => {
    if (child !== undefined && rate === sampleRate && child.exitCode === null) return child;
    child?.kill('SIGTERM');
    rate = sampleRate;
    child = spawn(options.play, ['-q', ...RAW_PCM16, '-r', String(sampleRate), '-'], { stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin?.on('error', () => undefined); // play went away: the next audio starts a new one
    return child;
  };
  return {
    write(event) {
      if (event.type === 'audio') {
        const player = open(event.sampleRate);
        if (player.stdin?.write(event.data) === false) return new Promise<void>((resolve) => player.stdin?.once('drain', resolve));
      } else if (event.type === 'barge-in') {
        child?.kill('SIGTERM');
        child = undefined;
      }
      return undefined;
    },
    stop() {
      child?.stdin?.end();
    },
  };
}
