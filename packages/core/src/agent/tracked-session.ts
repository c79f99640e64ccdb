import type { SessionOptions, SessionStore } from '../session/session-store.js';
import type { RunWork } from './run-work.js';

/**
 * The run's view of its session: the same store, with `load` and `append` run as labelled work, so a
 * cancel that cannot wait any longer can abandon them (and a store call that settles late is ignored).
 * @internal
 */
export function trackedSession(session: SessionOptions | undefined, work: RunWork): SessionOptions | undefined {
  if (session === undefined) return undefined;
  const store = session.store;
  const tracked: SessionStore = {
    load: (id) => work.run('session store load', () => store.load(id)),
    append: (id, messages) => work.run('session store append', () => store.append(id, messages)),
    list: (options) => store.list(options),
    delete: (id) => store.delete(id),
    close: () => store.close(),
  };
  return { ...session, store: tracked };
}
