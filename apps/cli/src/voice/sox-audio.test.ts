// soxInput/soxOutput drive real processes: stand-ins for sox's rec and play (shell scripts) that emit and
// record raw PCM, so the spawn arguments, streaming, barge-in flush and shutdown are exercised for real.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidiEvent } from '@tandem/bidi';
import { waitFor } from '../__fixtures__/cli.js';
import { findExecutable } from './find-executable.js';
import { soxInput, soxOutput } from './sox-audio.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-sox-'));
  // rec: records its arguments, prints 4 bytes of PCM twice, then exits.
  writeFileSync(join(dir, 'rec'), `#!/bin/sh\necho "$@" > "${dir}/rec.args"\nprintf '\\001\\002\\003\\004'\nsleep 0.1\nprintf '\\005\\006\\007\\010'\n`);
  // play: records its arguments (one line per start) and appends what it is sent to play.out.
  writeFileSync(join(dir, 'play'), `#!/bin/sh\necho "$@" >> "${dir}/play.args"\ncat >> "${dir}/play.out"\n`);
  chmodSync(join(dir, 'rec'), 0o755);
  chmodSync(join(dir, 'play'), 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sox audio', () => {
  it('finds executables on PATH only', () => {
    expect(findExecutable('rec', { PATH: `/nonexistent:${dir}` })).toBe(join(dir, 'rec'));
    expect(findExecutable('rec', { PATH: '/nonexistent' })).toBeUndefined();
  });

  it('soxInput sends what rec captures as PCM16 audio at the model rate, then ends', async () => {
    const input = soxInput({ rec: join(dir, 'rec'), sampleRate: 16_000 });
    await input.start?.({} as never);
    const signal = new AbortController().signal;
    const bytes: number[] = [];
    for (;;) {
      const item = await input.read(signal);
      if (item.type === 'end') break;
      expect(item).toMatchObject({ type: 'audio', sampleRate: 16_000 });
      if (item.type === 'audio') bytes.push(...item.data);
    }
    expect(bytes).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(readFileSync(join(dir, 'rec.args'), 'utf8').trim()).toBe('-q -t raw -b 16 -e signed-integer -c 1 -r 16000 -');
    await input.stop?.();
  });

  it('soxOutput plays audio events, and a barge-in stops the player so the next audio starts a new one', async () => {
    const output = soxOutput({ play: join(dir, 'play') });
    const audio = (data: number[]): BidiEvent => ({ type: 'audio', responseId: 'r1', data: new Uint8Array(data), sampleRate: 24_000, channels: 1 }) as unknown as BidiEvent;
    await output.write(audio([1, 2]));
    await waitFor(() => existsSync(join(dir, 'play.out')) && readFileSync(join(dir, 'play.out')).length === 2, 'the first audio to play');
    await output.write({ type: 'barge-in', responseId: 'r1' } as unknown as BidiEvent);
    await output.write(audio([3, 4]));
    await output.stop?.();
    await waitFor(() => readFileSync(join(dir, 'play.out')).length === 4, 'the second audio to play');
    expect([...readFileSync(join(dir, 'play.out'))]).toEqual([1, 2, 3, 4]);
    const starts = readFileSync(join(dir, 'play.args'), 'utf8').trim().split('\n');
    expect(starts).toEqual(['-q -t raw -b 16 -e signed-integer -c 1 -r 24000 -', '-q -t raw -b 16 -e signed-integer -c 1 -r 24000 -']);
  });
});
