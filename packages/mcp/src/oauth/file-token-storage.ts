import type * as FsPromises from 'node:fs/promises';
import { requireNodeBuiltin } from '@tandem/core/runtime';
import { withFileLock } from './file-lock.js';
import type { McpOAuthRecord, McpOAuthStorage } from './token-storage.js';

interface TokenFile {
  readonly version: 1;
  readonly servers: Record<string, McpOAuthRecord>;
}

/**
 * A {@link McpOAuthStorage} in one JSON file, readable and writable by its owner only (mode 0600, in a
 * folder created 0700 when missing). Every write replaces the file atomically (a temporary file in the
 * same folder, then a rename), so a crash never leaves half a file. Writes are safe across processes too:
 * each save or remove reads, merges and writes the file under a lock (`<path>.lock`, created with `O_EXCL`;
 * a lock left by a process that died is taken over), so processes signing in at once lose no record.
 * One file holds the records of many servers. A file that is not valid JSON is an error, never overwritten.
 *
 * @example
 * ```ts
 * import { homedir } from 'node:os';
 * const auth = mcpOAuth({ storage: fileTokenStorage(`${homedir()}/.my-app/mcp-oauth.json`) });
 * ```
 *
 * @category OAuth
 */
export function fileTokenStorage(path: string): McpOAuthStorage {
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };
  // Read-merge-write under the cross-process lock (the folder must exist for the lock file).
  const locked = <T>(task: () => Promise<T>): Promise<T> =>
    serialized(async () => {
      await fs().mkdir(requireNodeBuiltin('node:path', 'fileTokenStorage()').dirname(path), { recursive: true, mode: 0o700 });
      return withFileLock(`${path}.lock`, task);
    });

  const read = async (): Promise<TokenFile> => {
    let text: string;
    try {
      text = await fs().readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, servers: {} };
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`The MCP token file ${path} is not valid JSON. Fix or delete it (you will sign in again).`);
    }
    const servers = (parsed as { servers?: unknown } | null)?.servers;
    if (typeof servers !== 'object' || servers === null) {
      throw new Error(`The MCP token file ${path} has no "servers" object. Fix or delete it (you will sign in again).`);
    }
    return { version: 1, servers: servers as Record<string, McpOAuthRecord> };
  };

  const write = async (file: TokenFile): Promise<void> => {
    await fs().mkdir(requireNodeBuiltin('node:path', 'fileTokenStorage()').dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${String(globalThis.process?.pid ?? 0)}.${randomHex(6)}.tmp`;
    try {
      await fs().writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      await fs().chmod(temporary, 0o600); // in case a umask or an ACL widened it
      await fs().rename(temporary, path);
    } catch (error) {
      await fs().rm(temporary, { force: true });
      throw error;
    }
  };

  return {
    load: (server) => serialized(async () => (await read()).servers[server]),
    save: (server, record) =>
      locked(async () => {
        const file = await read();
        await write({ version: 1, servers: { ...file.servers, [server]: record } });
      }),
    remove: (server) =>
      locked(async () => {
        const file = await read();
        if (!(server in file.servers)) return;
        const servers = { ...file.servers };
        delete servers[server];
        await write({ version: 1, servers });
      }),
  };
}

/** Random hex from web crypto (every runtime has it). */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** node:fs/promises, loaded on first use (not imported), so the package's main entry bundles for browsers. */
function fs(): typeof FsPromises {
  return requireNodeBuiltin('node:fs/promises', 'fileTokenStorage()');
}
