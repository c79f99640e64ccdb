// Child process, run with hide-drivers.mjs preloaded: what each store reports when its driver is not installed.
import * as sessions from '../index.js';

function describe(error: unknown): Record<string, unknown> {
  const e = error as { name?: unknown; code?: unknown; packageName?: unknown; message?: unknown };
  return { name: e.name, code: e.code, packageName: e.packageName, message: e.message, isInstance: sessions.SessionDriverMissingError.isInstance(error) };
}

const report: Record<string, unknown> = { imported: Object.keys(sessions).length > 0 };
try {
  sessions.sqliteSessionStore({ path: ':memory:' });
  report['sqlite'] = 'opened';
} catch (error) {
  report['sqlite'] = describe(error);
}
const postgres = sessions.postgresSessionStore({ connectionString: 'postgresql://nobody@127.0.0.1:1/none', connectTimeoutMs: 1000 });
report['postgres'] = await postgres.list().then(
  () => 'listed',
  (error: unknown) => describe(error),
);
await postgres.close().catch(() => undefined);
process.stdout.write(JSON.stringify(report));
