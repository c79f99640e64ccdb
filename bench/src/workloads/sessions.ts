import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memorySessionStore, type Message, type SessionStore } from '@tandem/core';
import { sqliteSessionStore } from '@tandem/sessions/sqlite';
import type { BenchConfig } from '../config.js';
import type { Cell, Metric } from '../results.js';
import { summarize } from '../stats.js';

/** A typical stored message: a user turn of a few hundred characters. */
function message(i: number): Message {
  return { role: 'user', parts: [{ type: 'text', text: `Turn ${i}: ${'Please compare the two offers and tell me which is cheaper overall. '.repeat(4)}` }] };
}

/** Times `count` single-message appends to one session (after a warm-up), each on its own. */
async function appendLatencies(store: SessionStore, count: number): Promise<number[]> {
  for (let i = 0; i < Math.min(100, count); i++) await store.append('warm-up', [message(i)]);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await store.append('bench', [message(i)]);
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Workload 9: what a session costs an agent — appending one message (SQLite file, in-memory for reference) and loading a long conversation. */
export async function sessionStores(config: BenchConfig): Promise<Metric[]> {
  const section = '9. Sessions';
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-sessions-'));
  const append = new Map<string, Cell>();
  const load = new Map<string, Cell>();
  const stores: [string, () => SessionStore][] = [
    ['sqlite (synchronous normal)', () => sqliteSessionStore({ path: join(dir, 'normal.db') })],
    ['sqlite (synchronous full)', () => sqliteSessionStore({ path: join(dir, 'full.db'), synchronous: 'full' })],
    ['memory', () => memorySessionStore()],
  ];
  try {
    for (const [id, make] of stores) {
      const store = make();
      try {
        append.set(id, { kind: 'value', summary: summarize(await appendLatencies(store, config.sessionAppends)) });
        const loads: number[] = [];
        for (let i = 0; i < 5; i++) {
          const start = performance.now();
          const history = await store.load('bench');
          loads.push(performance.now() - start);
          if (history.length !== config.sessionAppends) throw new Error(`${id}: loaded ${history.length} of ${config.sessionAppends} messages`);
        }
        load.set(id, { kind: 'value', summary: summarize(loads) });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        append.set(id, { kind: 'error', reason });
        load.set(id, { kind: 'error', reason });
      } finally {
        await store.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    { section, name: 'append one message', unit: 'ms', better: 'lower', digits: 3, cells: append, ratios: false },
    { section, name: `load a ${config.sessionAppends.toLocaleString('en-US')}-message session`, unit: 'ms', better: 'lower', digits: 2, cells: load, ratios: false },
  ];
}
