import type { Message } from '../spec/message/v1/message.js';
import type { SessionInfo, SessionListOptions, SessionStore } from './session-store.js';

interface StoredSession {
  readonly messages: Message[];
  readonly createdAt: Date;
  updatedAt: Date;
}

/**
 * A {@link SessionStore} that keeps conversations in this process's memory: for tests, and for apps
 * whose conversations need not survive a restart. Messages are stored as given (not copied).
 *
 * @example
 * ```ts
 * const store = memorySessionStore();
 * await agent.run(model, 'Hi', { session: { store, id: 'chat-1' } }).result;
 * console.log((await store.load('chat-1')).length);
 * ```
 *
 * @category Sessions
 */
export function memorySessionStore(): SessionStore {
  const sessions = new Map<string, StoredSession>();
  let closed = false;
  const check = (): void => {
    if (closed) throw new TypeError('This session store was closed; make a new one.');
  };
  return {
    load(id) {
      check();
      return Promise.resolve([...(sessions.get(id)?.messages ?? [])]);
    },
    append(id, messages) {
      check();
      if (messages.length === 0) return Promise.resolve();
      const now = new Date();
      const session = sessions.get(id);
      if (session === undefined) sessions.set(id, { messages: [...messages], createdAt: now, updatedAt: now });
      else {
        session.messages.push(...messages);
        session.updatedAt = now;
      }
      return Promise.resolve();
    },
    list(options: SessionListOptions = {}) {
      check();
      let infos: SessionInfo[] = [...sessions].map(([id, session]) => ({
        id,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        messageCount: session.messages.length,
      }));
      const before = options.before;
      if (before !== undefined) infos = infos.filter((info) => info.updatedAt.getTime() < before.getTime());
      infos.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
      return Promise.resolve(options.limit === undefined ? infos : infos.slice(0, options.limit));
    },
    delete(id) {
      check();
      sessions.delete(id);
      return Promise.resolve();
    },
    close() {
      closed = true;
      sessions.clear();
      return Promise.resolve();
    },
  };
}
