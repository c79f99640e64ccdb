import { CliError } from '../errors/cli-error.js';
import type { SessionCatalog } from './session-catalog.js';

/** Which session a command continues or starts. */
export interface SessionChoice {
  readonly id: string;
  /** True when the session has earlier messages. */
  readonly resumed: boolean;
  readonly messageCount: number;
  /** Said on stderr when `--continue` found nothing to continue. */
  readonly note?: string;
}

/** The session flags of `chat` and `run`. */
export interface SessionFlags {
  /** `--continue`: the last session started in this working directory. */
  readonly continue?: boolean;
  /** `--session <id>`: resumes or creates that id. */
  readonly session?: string;
}

/**
 * Resolves `--continue` / `--session <id>` to a session id; without either, a new id.
 *
 * @throws CliError (`usage`) for both flags at once or an unusable id.
 *
 * @example
 * ```ts
 * const { id, resumed } = await chooseSession(catalog, { continue: true }, process.cwd());
 * ```
 */
export async function chooseSession(catalog: SessionCatalog, flags: SessionFlags, cwd: string): Promise<SessionChoice> {
  if (flags.continue === true && flags.session !== undefined) {
    throw new CliError('usage', 'Use either --continue (the last session here) or --session <id>, not both.');
  }
  if (flags.session !== undefined) {
    const id = checkSessionId(flags.session);
    const info = await catalog.get(id);
    return { id, resumed: info !== undefined, messageCount: info?.messageCount ?? 0 };
  }
  if (flags.continue === true) {
    const last = await catalog.lastIn(cwd);
    if (last !== undefined) return { id: last.id, resumed: true, messageCount: last.messageCount };
    const id = catalog.newId();
    return { id, resumed: false, messageCount: 0, note: `No earlier session in ${cwd} to continue; starting session ${id}.` };
  }
  return { id: catalog.newId(), resumed: false, messageCount: 0 };
}

/** A session id as typed: non-empty, at most 200 characters, no control characters. */
export function checkSessionId(value: string): string {
  const id = value.trim();
  // eslint-disable-next-line no-control-regex
  if (id === '' || id.length > 200 || /[\u0000-\u001f\u007f]/.test(id)) {
    throw new CliError('usage', `--session ${JSON.stringify(value)}: expected a session id (1 to 200 printable characters; tandem sessions lists them).`);
  }
  return id;
}
