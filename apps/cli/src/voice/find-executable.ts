import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The full path of `name` on `PATH`, or undefined. @example `findExecutable('rec')` */
export function findExecutable(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
