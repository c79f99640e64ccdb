import { SessionStoreError } from '../errors/session-store-error.js';
import { isMissingPackage, SessionDriverMissingError } from '../errors/session-driver-missing-error.js';

/**
 * What a query returns, as far as the store needs it.
 *
 * @category PostgreSQL
 */
export interface PostgresQueryResult {
  readonly rows: readonly unknown[];
}

/**
 * The part of a `pg.Pool` the Postgres store uses: `query(text, values)`. A `pg.Pool` fits, and so does
 * any pool with the same `query` (for example one wrapped for metrics).
 *
 * @category PostgreSQL
 */
export interface PostgresPool {
  query(text: string, values?: unknown[]): Promise<PostgresQueryResult>;
}

/** Settings of the pool the store makes from a connection string. */
export interface OwnedPoolOptions {
  readonly connectionString: string;
  readonly max: number;
  readonly connectTimeoutMs: number;
  readonly queryTimeoutMs: number;
}

/** A pool the store made itself (from a connection string) and so must end on close. */
export interface OwnedPool extends PostgresPool {
  end(): Promise<void>;
}

interface PgModule {
  readonly Pool: new (config: Record<string, unknown>) => OwnedPool & { on(event: 'error', listener: (error: Error) => void): void };
}

/**
 * Makes a `pg.Pool` from a connection string, importing `pg` (an optional peer dependency) only now. An idle connection that dies
 * (server restart) is dropped by the pool; its error is absorbed instead of crashing the process, and
 * the next query opens a fresh connection.
 */
export async function createOwnedPool(options: OwnedPoolOptions): Promise<OwnedPool> {
  let pg: PgModule;
  try {
    const module = (await import('pg')) as unknown as PgModule & { readonly default?: PgModule };
    pg = module.Pool === undefined && module.default !== undefined ? module.default : module;
  } catch (error) {
    if (isMissingPackage(error, 'pg')) throw new SessionDriverMissingError({ store: 'postgresSessionStore', packageName: 'pg', cause: error });
    throw new SessionStoreError(`postgresSessionStore() could not load the "pg" package: ${error instanceof Error ? error.message : String(error)}.`, { cause: error });
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs,
  });
  pool.on('error', () => undefined);
  return pool;
}
