import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { VoiceConfigError } from './voice-config-error.js';

/** A file of the built page, held in memory. */
export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
}

/** The page's files, by URL path. Only these are served. */
const FILES: Readonly<Record<string, readonly [file: string, contentType: string]>> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/index.html': ['index.html', 'text/html; charset=utf-8'],
  '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/capture-processor.js': ['capture-processor.js', 'text/javascript; charset=utf-8'],
  '/playback-processor.js': ['playback-processor.js', 'text/javascript; charset=utf-8'],
  '/styles.css': ['styles.css', 'text/css; charset=utf-8'],
};

/**
 * Reads the built page from `webRoot` (`dist/web`).
 *
 * @throws VoiceConfigError when a file is missing: the page has not been built.
 */
export async function loadStaticFiles(webRoot: string): Promise<ReadonlyMap<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const [urlPath, [file, contentType]] of Object.entries(FILES)) {
    const location = path.join(webRoot, file);
    try {
      files.set(urlPath, { body: await readFile(location), contentType });
    } catch {
      throw new VoiceConfigError(`The page is not built: ${location} is missing. Run \`pnpm --filter @tandem/voice-app build\` first.`);
    }
  }
  return files;
}
