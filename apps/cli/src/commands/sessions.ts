import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-code.js';
import { tandemHome } from '../home/tandem-home.js';
import type { GlobalOptions } from '../options.js';
import { painter, useColor } from '../output/color.js';
import { toJsonValue } from '../output/to-json-value.js';
import type { CliSessionInfo, SessionCatalog } from '../sessions/session-catalog.js';

/** Options of the `tandem sessions` commands. */
export interface SessionsCommandOptions extends GlobalOptions {
  readonly json?: boolean;
}

/** One session as `tandem sessions list --json` prints it. */
export interface SessionListing {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly messageCount: number;
  /** The working directory it was started in (null when unknown). */
  readonly cwd: string | null;
  /** A preview of its first prompt (null when unknown). */
  readonly title: string | null;
}

/** `tandem sessions list`: the stored sessions, most recently updated first. */
export async function sessionsListCommand(options: SessionsCommandOptions): Promise<ExitCode> {
  const sessions = await withCatalog((catalog) => catalog.list(), []);
  if (options.json === true) {
    process.stdout.write(`${JSON.stringify(sessions.map(listing), null, 2)}\n`);
    return ExitCode.ok;
  }
  const paint = painter(useColor(process.stdout, options));
  if (sessions.length === 0) {
    process.stdout.write('No sessions yet. Every tandem chat and tandem run is kept; continue one with --continue or --session <id>.\n');
    return ExitCode.ok;
  }
  for (const session of sessions) {
    const count = `${String(session.messageCount)} message${session.messageCount === 1 ? '' : 's'}`;
    process.stdout.write(`${paint('bold', session.id)}  ${formatTime(session.updatedAt)}  ${count.padStart(12)}  ${session.cwd ?? paint('dim', '(unknown folder)')}\n`);
    if (session.title !== undefined) process.stdout.write(`  ${paint('dim', session.title)}\n`);
  }
  return ExitCode.ok;
}

/**
 * `tandem sessions show <id>`: the conversation, readable, then the calls that wait for approval (a run
 * paused by `--approvals interrupt`) with the command that answers them; `--json` prints its messages.
 */
export async function sessionsShowCommand(id: string, options: SessionsCommandOptions): Promise<ExitCode> {
  const [{ formatConversation }, { formatPendingApprovals }, { pendingApprovalRequests }] = await Promise.all([
    import('../sessions/format-conversation.js'),
    import('../sessions/format-pending-approvals.js'),
    import('@tandem/core/runtime'),
  ]);
  const messages = id.trim() === '' ? [] : await withCatalog((catalog) => catalog.store.load(id), []);
  if (messages.length === 0) throw unknownSession(id);
  if (options.json === true) {
    process.stdout.write(`${JSON.stringify(toJsonValue(messages), null, 2)}\n`);
    return ExitCode.ok;
  }
  const paint = painter(useColor(process.stdout, options));
  process.stdout.write(formatConversation(messages, paint));
  process.stdout.write(formatPendingApprovals(id, pendingApprovalRequests(messages), paint));
  return ExitCode.ok;
}

/** `tandem sessions rm <id>`: deletes a session. */
export async function sessionsRemoveCommand(id: string): Promise<ExitCode> {
  const removed = id.trim() !== '' && await withCatalog(async (catalog) => {
    if ((await catalog.get(id)) === undefined) return false;
    await catalog.remove(id);
    return true;
  }, false);
  if (!removed) throw unknownSession(id);
  process.stdout.write(`Removed session ${id}.\n`);
  return ExitCode.ok;
}

/** Runs `task` on the sessions file; `fallback` when there is no file yet (it is not created just to read it). */
async function withCatalog<T>(task: (catalog: SessionCatalog) => Promise<T>, fallback: T): Promise<T> {
  const { SESSIONS_FILE, SessionCatalog } = await import('../sessions/session-catalog.js');
  const path = join(tandemHome(), SESSIONS_FILE);
  if (!existsSync(path)) return fallback;
  await using catalog = SessionCatalog.open(path);
  return await task(catalog);
}

function unknownSession(id: string): CliError {
  return new CliError('usage', `No session "${id}" (tandem sessions list shows the stored ones).`);
}

function listing(session: CliSessionInfo): SessionListing {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    messageCount: session.messageCount,
    cwd: session.cwd ?? null,
    title: session.title ?? null,
  };
}

/** `2025-06-01 14:03` in local time. */
function formatTime(date: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
