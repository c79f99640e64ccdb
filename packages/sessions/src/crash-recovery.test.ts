// A process killed (SIGKILL) in the middle of a tool group: a new process opens the store, the next run
// succeeds, and the request it sends pairs every call with a result.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type Message } from '@tandem/core';
import { ScriptedModel, textResponse } from '@tandem/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_AGENT } from './__fixtures__/fixture-paths.js';
import { sqliteSessionStore } from './sqlite/sqlite-session-store.js';

const dir = mkdtempSync(join(tmpdir(), 'tandem-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function toolCallIds(messages: readonly Message[]): string[] {
  return messages.flatMap((message) => message.parts.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : [])));
}

describe('a process killed mid tool group (SQLite session)', () => {
  it('the next process loads the conversation, its run succeeds, and every call is paired with a result', async () => {
    const path = join(dir, 'crash.db');
    const child = fork(CRASH_AGENT, [path, 'chat-1'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      child.once('message', (message) => (message === 'in-group' ? resolve() : reject(new Error(String(message)))));
      child.once('exit', (code) => reject(new Error(`the agent process exited (${String(code)}) before reaching the tool group`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const store = sqliteSessionStore({ path });
    try {
      const stored = await store.load('chat-1');
      expect(stored.map((message) => message.role), 'the input and the calls were stored; the group never ended').toEqual(['user', 'assistant']);

      const model = new ScriptedModel({ responses: [textResponse('Recovered.')] });
      const result = await new Agent({ session: { store, id: 'chat-1' } }).run(model, 'Are you still there?').result;
      expect(result.text).toBe('Recovered.');

      const sent = model.requests[0]!.messages;
      expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
      const results = sent[2]!.parts.flatMap((part) => (part.type === 'tool-result' ? [part] : []));
      expect(results.map((part) => part.toolCallId).sort()).toEqual(toolCallIds(sent).sort());
      // Interrupted by a crash, the whole group comes back cancelled — also the call that had finished.
      expect(results.map((part) => part.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);

      const after = await store.load('chat-1');
      expect(after.slice(0, 2)).toEqual(stored);
      expect(after.at(-1)?.parts).toEqual([{ type: 'text', text: 'Recovered.' }]);
    } finally {
      await store.close();
    }
  });
});
