import { describeError } from '../errors/describe-error.js';
import { chooseSession, type SessionChoice, type SessionFlags } from './choose-session.js';
import { SessionCatalog } from './session-catalog.js';

/** The sessions of a `chat` or `run` and the one it uses. */
export interface CommandSession extends AsyncDisposable {
  readonly catalog: SessionCatalog;
  readonly choice: SessionChoice;
}

/**
 * Opens `~/.tandem/sessions.db` and picks the session of the command (`--continue`, `--session <id>`, or
 * a new one). When the file cannot be opened, a command that did not ask for a session runs without one
 * (after `warn`); one that asked fails with the store's error.
 *
 * @example
 * ```ts
 * await using opened = await openCommandSession(options, process.cwd(), (line) => process.stderr.write(line));
 * ```
 */
export async function openCommandSession(flags: SessionFlags, cwd: string, warn: (line: string) => void): Promise<CommandSession | undefined> {
  let catalog: SessionCatalog;
  try {
    catalog = SessionCatalog.open();
  } catch (error) {
    if (flags.continue === true || flags.session !== undefined) throw error;
    warn(`conversations are not saved this time: ${describeError(error)}`);
    return undefined;
  }
  try {
    const choice = await chooseSession(catalog, flags, cwd);
    return { catalog, choice, [Symbol.asyncDispose]: () => catalog.close() };
  } catch (error) {
    await catalog.close();
    throw error;
  }
}
