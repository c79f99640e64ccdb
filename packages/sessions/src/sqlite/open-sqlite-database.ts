import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { SessionStoreError } from '../errors/session-store-error.js';
import { isMissingPackage, SessionDriverMissingError } from '../errors/session-driver-missing-error.js';

type Driver = typeof BetterSqlite3;
const require = createRequire(import.meta.url);
let driver: Driver | undefined;

const REBUILD_HINT =
  'better-sqlite3 is installed but needs its native module built: allow its install script ' +
  '(pnpm: `pnpm approve-builds`, or "allowBuilds"/"onlyBuiltDependencies" in pnpm-workspace.yaml) and reinstall, or run `npm rebuild better-sqlite3`.';

/**
 * Loads better-sqlite3 on first use, so importing `@tandem/sessions` never loads a native module (and an
 * app that stores sessions elsewhere need not install it: it is an optional peer dependency).
 */
function loadDriver(): Driver {
  if (driver !== undefined) return driver;
  try {
    driver = require('better-sqlite3') as Driver;
    return driver;
  } catch (error) {
    if (isMissingPackage(error, 'better-sqlite3')) throw new SessionDriverMissingError({ store: 'sqliteSessionStore', packageName: 'better-sqlite3', cause: error });
    throw new SessionStoreError(`sqliteSessionStore() could not load better-sqlite3. ${REBUILD_HINT}`, { cause: error });
  }
}

/** How the SQLite file is opened. */
export interface OpenSqliteOptions {
  readonly path: string;
  readonly busyTimeoutMs: number;
  readonly synchronous: 'normal' | 'full';
}

/**
 * Opens (creating it and its folder when missing) a SQLite file in WAL mode with a busy timeout, so
 * several processes can share it: readers never block the writer, and a writer waits up to
 * `busyTimeoutMs` for another process's write to finish.
 */
export function openSqliteDatabase(options: OpenSqliteOptions): BetterSqlite3.Database {
  const Database = loadDriver();
  const inMemory = options.path === ':memory:';
  const file = inMemory ? options.path : resolve(options.path);
  let db: BetterSqlite3.Database;
  try {
    if (!inMemory) mkdirSync(dirname(file), { recursive: true });
    db = new Database(file, { timeout: options.busyTimeoutMs });
  } catch (error) {
    const native = error instanceof Error && /bindings|\.node\b|NODE_MODULE_VERSION|invalid ELF/i.test(error.message);
    throw new SessionStoreError(
      native
        ? `sqliteSessionStore() could not load better-sqlite3's native module. ${REBUILD_HINT}`
        : `sqliteSessionStore() could not open ${JSON.stringify(file)}: ${error instanceof Error ? error.message : String(error)}. Check that the folder is writable.`,
      { cause: error },
    );
  }
  try {
    // WAL lets readers in other processes work while one writes; the setting is stored in the file.
    if (!inMemory) db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    return db;
  } catch (error) {
    db.close();
    throw new SessionStoreError(
      `sqliteSessionStore() could not set up ${JSON.stringify(file)}: ${error instanceof Error ? error.message : String(error)}.`,
      { cause: error },
    );
  }
}
