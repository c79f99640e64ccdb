import type * as FsPromises from 'node:fs/promises';
import { requireNodeBuiltin } from '@tandem/core/runtime';

/** Options of {@link withFileLock}. @internal */
export interface FileLockOptions {
  /** Give up after waiting this long for another holder (default 10 s). */
  readonly timeoutMs?: number;
  /** A lock older than this whose holder cannot be confirmed alive is taken over (default 30 s). */
  readonly staleMs?: number;
}

interface Holder {
  readonly pid: number;
  readonly token: string;
}

/**
 * Runs `task` while holding `lockPath`, a lock shared by every process on the machine: the lock is a file
 * created with `O_EXCL` (so exactly one creator wins) holding the holder's pid and a random token, removed
 * when the task settles. A waiter retries with a short random backoff (timers, never a busy loop); a lock
 * left by a process that died (its pid is gone), or older than `staleMs`, is removed and retaken.
 *
 * @throws Error when the lock stays held longer than `timeoutMs`.
 * @internal
 */
export async function withFileLock<T>(lockPath: string, task: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const token = randomHex(8);
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    if (await tryCreate(lockPath, token)) break;
    const holder = await readHolder(lockPath);
    if (holder !== undefined && (await isStale(lockPath, holder, staleMs))) {
      // Remove it only if it is still the lock judged stale (not one a faster waiter just took).
      const again = await readHolder(lockPath);
      if (again?.token === holder.token) await fs().rm(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${String(timeoutMs)} ms waiting for the lock ${lockPath}${holder === undefined ? '' : ` (held by process ${String(holder.pid)})`}; if no other process uses the file, delete the lock.`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, 5 + attempt * 5) + Math.random() * 20));
  }
  try {
    return await task();
  } finally {
    const holder = await readHolder(lockPath);
    if (holder?.token === token) await fs().rm(lockPath, { force: true });
  }
}

async function tryCreate(lockPath: string, token: string): Promise<boolean> {
  try {
    const handle = await fs().open(lockPath, 'wx', 0o600);
    try {
      await handle.writeFile(JSON.stringify({ pid: globalThis.process.pid, token }));
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readHolder(lockPath: string): Promise<Holder | undefined> {
  try {
    const parsed = JSON.parse(await fs().readFile(lockPath, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' && typeof parsed.token === 'string' ? { pid: parsed.pid, token: parsed.token } : { pid: 0, token: '' };
  } catch (error) {
    // Gone (released meanwhile); or unreadable — just created and not written yet, or left half-written by
    // a crash: no pid to check, so only its age can make it stale.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { pid: 0, token: '' };
  }
}

async function isStale(lockPath: string, holder: Holder, staleMs: number): Promise<boolean> {
  if (holder.pid > 0 && !alive(holder.pid)) return true;
  try {
    return Date.now() - (await fs().stat(lockPath)).mtimeMs > staleMs;
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    globalThis.process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Random hex from web crypto (every runtime has it). */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** node:fs/promises, loaded on first use (not imported), so the package's main entry bundles for browsers. */
function fs(): typeof FsPromises {
  return requireNodeBuiltin('node:fs/promises', 'fileTokenStorage()');
}
