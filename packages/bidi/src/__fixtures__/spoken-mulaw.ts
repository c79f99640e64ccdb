import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Speech from espeak-ng as 8 kHz μ-law bytes, encoded by SoX (not by the code under test). */
export function spokenMulaw(text: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-twilio-'));
  try {
    execFileSync('espeak-ng', ['-w', join(dir, 'speech.wav'), text]);
    execFileSync('sox', [join(dir, 'speech.wav'), '-D', '-t', 'raw', '-r', '8000', '-e', 'mu-law', '-c', '1', join(dir, 'speech.ul')]);
    return new Uint8Array(readFileSync(join(dir, 'speech.ul')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
