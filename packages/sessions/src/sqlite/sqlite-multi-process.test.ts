import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messageText } from '@tandem/core';
import { afterEach, describe, expect, it } from 'vitest';
import { APPEND_WORKER } from '../__fixtures__/fixture-paths.js';
import { sqliteSessionStore } from './sqlite-session-store.js';

const children: ChildProcess[] = [];
let dir = '';

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

function next(child: ChildProcess, expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      if (message !== expected) return;
      cleanup();
      resolve();
    };
    const onExit = (code: number | null): void => {
      cleanup();
      reject(new Error(`worker exited (${String(code)}) before saying ${expected}`));
    };
    const cleanup = (): void => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

describe('sqliteSessionStore with several processes on one file', () => {
  it('two processes appending to one session at once: nothing lost, each process’s order kept, batches whole', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-sqlite-mp-'));
    const path = join(dir, 'shared.db');
    const count = 150;
    for (const label of ['A', 'B']) children.push(fork(APPEND_WORKER, [path, label, String(count)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    // Both open the new file at the same time (schema and WAL set-up race), then append together.
    await Promise.all(children.map((child) => next(child, 'ready')));
    const done = Promise.all(children.map((child) => next(child, 'done')));
    for (const child of children) child.send('go');
    await done;

    const store = sqliteSessionStore({ path });
    try {
      const texts = (await store.load('shared')).map((message) => messageText(message));
      expect(texts).toHaveLength(2 * 2 * count);
      for (const label of ['A', 'B']) {
        const mine = texts.filter((text) => text.startsWith(`${label} #`));
        expect(mine).toEqual(Array.from({ length: 2 * count }, (_, n) => `${label} #${n}`));
      }
      // Each append's pair is contiguous: no other process's message lands inside an append.
      for (let i = 0; i < texts.length; i += 2) {
        const [a, b] = [texts[i]!, texts[i + 1]!];
        expect(a.slice(0, 1), `pair at ${i}`).toBe(b.slice(0, 1));
        expect(Number(b.split('#')[1]), `pair at ${i}`).toBe(Number(a.split('#')[1]) + 1);
      }
      const infos = await store.list();
      expect(Object.fromEntries(infos.map((info) => [info.id, info.messageCount]))).toEqual({ shared: 4 * count, 'own-A': count, 'own-B': count });
      const stamps = infos.map((info) => info.updatedAt.getTime());
      expect(new Set(stamps).size, 'updatedAt values are unique in one file').toBe(stamps.length);
    } finally {
      await store.close();
    }
  });
});
