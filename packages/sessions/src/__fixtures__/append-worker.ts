// Child process for the multi-process SQLite test: opens the store on the file it is given, says `ready`,
// waits for `go`, then appends `count` pairs of messages to the shared session (and to a session of its own),
// and says `done` with how long each append took.
import type { Message } from '@tandem/core';
import { sqliteSessionStore } from '../sqlite/sqlite-session-store.js';

const [path, label, countText] = process.argv.slice(2);
if (path === undefined || label === undefined || countText === undefined) throw new Error('usage: append-worker <path> <label> <count>');
const count = Number(countText);

const text = (n: number): Message => ({ role: 'user', parts: [{ type: 'text', text: `${label} #${n}` }] });

const store = sqliteSessionStore({ path, busyTimeoutMs: 20_000 });
process.send?.('ready');
process.once('message', (message) => {
  if (message !== 'go') return;
  void (async () => {
    for (let i = 0; i < count; i++) {
      await store.append('shared', [text(2 * i), text(2 * i + 1)]);
      await store.append(`own-${label}`, [text(i)]);
    }
    await store.close();
    process.send?.('done', () => process.exit(0));
  })();
});
