import type BetterSqlite3 from 'better-sqlite3';

/** The two tables of a SQLite session store: one row per session, one row per message. */
export interface SqliteTables {
  readonly sessions: string;
  readonly messages: string;
}

/**
 * Creates the tables when missing, in one `BEGIN IMMEDIATE` transaction so that processes opening a new
 * file at the same moment do not trip over each other. Timestamps are milliseconds since the epoch.
 */
export function createSqliteSchema(db: BetterSqlite3.Database, tables: SqliteTables): void {
  const { sessions, messages } = tables;
  db.transaction(() => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS "${sessions}" (
        id TEXT PRIMARY KEY NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        message_count INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS "${sessions}_updated_at" ON "${sessions}" (updated_at);
      CREATE TABLE IF NOT EXISTS "${messages}" (
        session_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        message TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
      );
    `);
  }).immediate();
}
