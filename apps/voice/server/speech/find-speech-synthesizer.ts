import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { espeakSynthesizer } from './espeak-synthesizer.js';
import type { SpeechSynthesizer } from './speech-synthesizer.js';
import { toneSynthesizer } from './tone-synthesizer.js';

/**
 * `espeak-ng` when it is on `PATH`, else beeps ({@link toneSynthesizer}). `VOICE_SPEECH=tone` forces the
 * beeps.
 */
export async function findSpeechSynthesizer(env: NodeJS.ProcessEnv = process.env): Promise<SpeechSynthesizer> {
  if (env.VOICE_SPEECH === 'tone') return toneSynthesizer();
  const executable = await findOnPath('espeak-ng', env.PATH ?? '');
  return executable === undefined ? toneSynthesizer() : espeakSynthesizer({ executable });
}

async function findOnPath(name: string, searchPath: string): Promise<string | undefined> {
  for (const folder of searchPath.split(path.delimiter)) {
    if (folder === '') continue;
    const candidate = path.join(folder, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
