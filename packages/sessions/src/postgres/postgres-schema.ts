/** The two tables of a Postgres session store: one row per session, one row per message. */
export interface PostgresTables {
  readonly sessions: string;
  readonly messages: string;
}

/**
 * One statement that creates the tables when missing. It runs as a single transaction holding a
 * transaction-scoped advisory lock, so processes starting at the same moment create the schema once
 * instead of racing (`CREATE TABLE IF NOT EXISTS` alone can fail under concurrency). Messages are kept
 * as JSON text, exactly as written; deleting a session deletes its messages.
 */
export function postgresSchemaSql({ sessions, messages }: PostgresTables): string {
  return `DO $tandem$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('@tandem/sessions schema'));
  CREATE TABLE IF NOT EXISTS "${sessions}" (
    id text PRIMARY KEY,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    message_count integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS "${sessions}_updated_at" ON "${sessions}" (updated_at DESC, id DESC);
  CREATE TABLE IF NOT EXISTS "${messages}" (
    session_id text NOT NULL REFERENCES "${sessions}" (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    message text NOT NULL,
    PRIMARY KEY (session_id, seq)
  );
END
$tandem$`;
}

/**
 * The statements of the store. An append is one statement (so one transaction): the upsert of the
 * session row locks it, so concurrent appends to one session — from any number of processes — wait
 * for each other and number their messages in commit order.
 */
export function postgresStatements({ sessions, messages }: PostgresTables) {
  return {
    append: `WITH session AS (
  INSERT INTO "${sessions}" AS s (id, created_at, updated_at, message_count)
  VALUES ($1, date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', clock_timestamp()), cardinality($2::text[]))
  ON CONFLICT (id) DO UPDATE
    SET updated_at = greatest(EXCLUDED.updated_at, s.updated_at), message_count = s.message_count + EXCLUDED.message_count
  RETURNING s.message_count - cardinality($2::text[]) AS first
)
INSERT INTO "${messages}" (session_id, seq, message)
SELECT $1, session.first + m.ord - 1, m.message FROM session, unnest($2::text[]) WITH ORDINALITY AS m(message, ord)`,
    load: `SELECT seq, message FROM "${messages}" WHERE session_id = $1 ORDER BY seq`,
    list: `SELECT id, created_at, updated_at, message_count FROM "${sessions}"
WHERE ($1::timestamptz IS NULL OR updated_at < $1::timestamptz)
ORDER BY updated_at DESC, id DESC LIMIT $2::bigint`,
    delete: `DELETE FROM "${sessions}" WHERE id = $1`,
  } as const;
}
