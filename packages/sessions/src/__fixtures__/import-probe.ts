// Child process: imports the package's main entry and reports which database drivers are loaded — none
// until a store is made; better-sqlite3 once a SQLite store exists; pg only when a Postgres store connects.
import { createRequire } from 'node:module';
import * as sessions from '../index.js';

const drivers = (): string[] =>
  [...new Set(Object.keys(createRequire(import.meta.url).cache).flatMap((path) => /[\\/]node_modules[\\/](better-sqlite3|pg)[\\/]/.exec(path)?.[1] ?? []))].sort();

const afterImport = drivers();
const sqlite = sessions.sqliteSessionStore({ path: ':memory:' });
const afterSqlite = drivers();
await sqlite.close();
const postgres = sessions.postgresSessionStore({ connectionString: 'postgresql://nobody@127.0.0.1:1/none', connectTimeoutMs: 1000 });
const afterPostgresStore = drivers();
await postgres.list().catch(() => undefined); // nothing listens on port 1: fails, but pg is loaded by then
const afterPostgresQuery = drivers();
await postgres.close();
process.stdout.write(JSON.stringify({ afterImport, afterSqlite, afterPostgresStore, afterPostgresQuery }));
