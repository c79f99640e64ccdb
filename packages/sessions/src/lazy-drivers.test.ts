import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { IMPORT_PROBE } from './__fixtures__/fixture-paths.js';

it('importing @tandem/sessions loads no database driver; each loads only when its store needs it', () => {
  const report = JSON.parse(execFileSync(process.execPath, [IMPORT_PROBE], { encoding: 'utf8' })) as Record<string, string[]>;
  expect(report).toEqual({
    afterImport: [],
    afterSqlite: ['better-sqlite3'],
    // pg is imported on the first query, not when the store is made.
    afterPostgresStore: ['better-sqlite3'],
    afterPostgresQuery: ['better-sqlite3', 'pg'],
  });
});
