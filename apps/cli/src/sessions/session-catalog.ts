import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionInfo, SessionStore } from '@tandem/core';
import { sqliteSessionStore } from '@tandem/sessions/sqlite';
import { ensureTandemHome } from '../home/tandem-home.js';
import { preview } from '../output/preview.js';
import { SessionMetadataTable } from './session-metadata.js';

/** A stored session as `tandem sessions` shows it. */
export interface CliSessionInfo extends SessionInfo {
  /** Where it was started, when the CLI recorded it. */
  readonly cwd: string | undefined;
  /** A preview of its first prompt. */
  readonly title: string | undefined;
}

/** The file the CLI keeps its sessions in, inside the tandem home folder. */
export const SESSIONS_FILE = 'sessions.db';

/**
 * The CLI's conversations: a SQLite session store (`@tandem/sessions`) in `~/.tandem/sessions.db`, plus
 * the working directory each session was started in (for `--continue`), kept in a table of the CLI's
 * own in the same file.
 *
 * @example
 * ```ts
 * await using catalog = SessionCatalog.open();
 * const last = await catalog.lastIn(process.cwd());
 * ```
 */
export class SessionCatalog implements AsyncDisposable {
  private constructor(
    /** The database file. */
    readonly path: string,
    /** The session store, for the Agent's `session: { store, id }`. */
    readonly store: SessionStore,
    private readonly metadata: SessionMetadataTable,
  ) {}

  /**
   * Opens (creating the folder 0700 and the file 0600 when missing — SQLite gives its `-wal` and `-shm`
   * files the same mode) the sessions of the tandem home folder, or `path`.
   */
  static open(path: string = join(ensureTandemHome(), SESSIONS_FILE)): SessionCatalog {
    try {
      // An empty file is a new database to SQLite; made here, it gets mode 0600 (an existing file keeps its own).
      closeSync(openSync(path, 'a', 0o600));
    } catch {
      // The store reports why the file cannot be opened.
    }
    const store = sqliteSessionStore({ path });
    let metadata: SessionMetadataTable;
    try {
      metadata = new SessionMetadataTable(path);
    } catch (error) {
      void store.close();
      throw error;
    }
    return new SessionCatalog(path, store, metadata);
  }

  /** Every stored session, most recently updated first. */
  async list(): Promise<CliSessionInfo[]> {
    const known = this.metadata.all();
    return (await this.store.list()).map((info) => ({ ...info, cwd: known.get(info.id)?.cwd, title: known.get(info.id)?.title }));
  }

  /** The stored session `id`, or undefined when it has no messages. */
  async get(id: string): Promise<CliSessionInfo | undefined> {
    return (await this.list()).find((info) => info.id === id);
  }

  /** The most recently updated session started in `cwd`. */
  async lastIn(cwd: string): Promise<CliSessionInfo | undefined> {
    return (await this.list()).find((info) => info.cwd === cwd);
  }

  /** Records that `id` runs in `cwd` (the first record of an id stays), with a preview of its first prompt. */
  remember(id: string, cwd: string, prompt?: string): void {
    this.metadata.remember(id, cwd, prompt === undefined ? undefined : preview(prompt, 80));
  }

  /** A new session id no session has: 8 hex digits. */
  newId(): string {
    for (;;) {
      const id = randomBytes(4).toString('hex');
      if (this.metadata.get(id) === undefined) return id;
    }
  }

  /** Deletes a session's messages and what the CLI recorded about it. */
  async remove(id: string): Promise<void> {
    await this.store.delete(id);
    this.metadata.forget(id);
  }

  async close(): Promise<void> {
    this.metadata.close();
    await this.store.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
