import { SessionStoreError } from './session-store-error.js';

const BRAND = Symbol.for('tandem.error.SessionDriverMissingError');

/**
 * A store's database driver is not installed. `better-sqlite3` (for `sqliteSessionStore()`) and `pg` (for
 * `postgresSessionStore()`) are optional peer dependencies of `@tandem/sessions`: install the one your
 * store uses next to it. `packageName` names it; the message says the command. It is a
 * `SessionStoreError` too.
 *
 * @example
 * ```ts
 * try { sqliteSessionStore({ path: './sessions.db' }); } catch (error) {
 *   if (SessionDriverMissingError.isInstance(error)) console.error(`npm install ${error.packageName}`);
 * }
 * ```
 *
 * @category Errors
 */
export class SessionDriverMissingError extends SessionStoreError {
  /** The package to install: `better-sqlite3` or `pg`. */
  readonly packageName: 'better-sqlite3' | 'pg';
  declare private readonly [BRAND]: true;

  constructor(options: { readonly store: 'sqliteSessionStore' | 'postgresSessionStore'; readonly packageName: 'better-sqlite3' | 'pg'; readonly cause?: unknown }) {
    super(
      `${options.store}() needs the "${options.packageName}" package, an optional peer dependency of @tandem/sessions that is not installed. Install it next to @tandem/sessions: npm install ${options.packageName} (or pnpm add / yarn add ${options.packageName}).`,
      { cause: options.cause, code: 'SESSION_DRIVER_MISSING' },
    );
    this[BRAND] = true;
    this.name = 'SessionDriverMissingError';
    this.packageName = options.packageName;
  }

  static override isInstance(error: unknown): error is SessionDriverMissingError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}

/** Whether `error` says `packageName` itself could not be found (not one of its own files or dependencies). @internal */
export function isMissingPackage(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') return false;
  const message = error instanceof Error ? error.message : '';
  return message.includes(`'${packageName}'`) || message.includes(`"${packageName}"`);
}
