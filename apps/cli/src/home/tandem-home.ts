import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The folder where `tandem` keeps what outlives a command — `sessions.db`, `mcp-tokens.json`:
 * `TANDEM_HOME` when set, else `~/.tandem` (`HOME` decides `~`).
 *
 * @example
 * ```ts
 * tandemHome({ TANDEM_HOME: '/tmp/t' }); // '/tmp/t'
 * ```
 */
export function tandemHome(env: NodeJS.ProcessEnv = process.env): string {
  const own = env['TANDEM_HOME'];
  if (own !== undefined && own !== '') return resolve(own);
  const home = env['HOME'];
  return join(home !== undefined && home !== '' ? home : homedir(), '.tandem');
}

/**
 * {@link tandemHome}, created when missing, readable by its owner only (0700): it holds conversations
 * and sign-in tokens.
 *
 * @example
 * ```ts
 * const file = join(ensureTandemHome(), 'sessions.db');
 * ```
 */
export function ensureTandemHome(env: NodeJS.ProcessEnv = process.env): string {
  const dir = tandemHome(env);
  let exists = false;
  try {
    exists = statSync(dir).isDirectory();
  } catch {
    exists = false;
  }
  if (!exists) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700); // the umask may have narrowed nothing, but an ACL default may have widened it
  }
  return dir;
}
