import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { HIDE_DRIVERS, IMPORT_PROBE, MISSING_DRIVERS_PROBE } from './__fixtures__/fixture-paths.js';

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

it('without better-sqlite3 or pg installed (optional peers), the package imports and each store names the package to install', () => {
  const output = execFileSync(process.execPath, ['--import', HIDE_DRIVERS, MISSING_DRIVERS_PROBE], { encoding: 'utf8' });
  const report = JSON.parse(output) as Record<string, Record<string, unknown> | boolean>;
  expect(report['imported']).toBe(true);
  for (const [store, packageName] of [
    ['sqlite', 'better-sqlite3'],
    ['postgres', 'pg'],
  ] as const) {
    expect(report[store]).toMatchObject({ name: 'SessionDriverMissingError', code: 'SESSION_DRIVER_MISSING', packageName, isInstance: true });
    expect((report[store] as { message: string }).message).toContain(`npm install ${packageName}`);
  }
});
