import Database from 'better-sqlite3';

/** What the CLI knows about a session beyond its messages. */
export interface SessionMetadata {
  readonly id: string;
  /** The working directory the session was started in (what `--continue` matches). */
  readonly cwd: string;
  /** A preview of the first prompt. */
  readonly title: string | undefined;
}

const TABLE = 'tandem_cli_sessions';

/**
 * The CLI's own table in `sessions.db` — beside the session store's tables, never changing them — that
 * records where each session was started. Opened on a second connection to the same file (WAL mode lets
 * both work); `remember()` keeps the first working directory of an id.
 */
export class SessionMetadataTable {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement<[string, string, string | null, number]>;
  readonly #all: Database.Statement<[], { id: string; cwd: string; title: string | null }>;
  readonly #get: Database.Statement<[string], { id: string; cwd: string; title: string | null }>;
  readonly #delete: Database.Statement<[string]>;

  constructor(path: string, busyTimeoutMs = 5000) {
    this.#db = new Database(path, { timeout: busyTimeoutMs });
    try {
      this.#db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (
        id TEXT PRIMARY KEY NOT NULL,
        cwd TEXT NOT NULL,
        title TEXT,
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID`);
      this.#insert = this.#db.prepare(`INSERT OR IGNORE INTO ${TABLE} (id, cwd, title, created_at) VALUES (?, ?, ?, ?)`);
      this.#all = this.#db.prepare(`SELECT id, cwd, title FROM ${TABLE}`);
      this.#get = this.#db.prepare(`SELECT id, cwd, title FROM ${TABLE} WHERE id = ?`);
      this.#delete = this.#db.prepare(`DELETE FROM ${TABLE} WHERE id = ?`);
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  /** Records where `id` was started; an id already recorded keeps its first record. */
  remember(id: string, cwd: string, title?: string): void {
    this.#insert.run(id, cwd, title ?? null, Date.now());
  }

  get(id: string): SessionMetadata | undefined {
    const row = this.#get.get(id);
    return row === undefined ? undefined : { id: row.id, cwd: row.cwd, title: row.title ?? undefined };
  }

  all(): Map<string, SessionMetadata> {
    return new Map(this.#all.all().map((row) => [row.id, { id: row.id, cwd: row.cwd, title: row.title ?? undefined }]));
  }

  forget(id: string): void {
    this.#delete.run(id);
  }

  close(): void {
    this.#db.close();
  }
}
