// The active agent of a conversation with handoffs survives a store that keeps rows, and a new process:
// a later run on any agent of the graph continues with the agent the conversation was handed to.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteSessionStore } from './sqlite/sqlite-session-store.js';

const dir = mkdtempSync(join(tmpdir(), 'tandem-handoff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function team(): { router: Agent; billing: Agent; refunds: Agent } {
  const refunds = new Agent({ name: 'refunds', description: 'Refunds.', system: 'refunds' });
  const billing = new Agent({ name: 'billing', description: 'Billing.', system: 'billing' });
  const router = new Agent({ name: 'router', system: 'router', handoffs: [billing, refunds] });
  return { router, billing, refunds };
}

describe('handoffs with a SQLite session', () => {
  it('a new store on the same file (a new process) continues with the active agent, from any agent of the graph', async () => {
    const path = join(dir, 'handoff.db');
    const first = sqliteSessionStore({ path });
    try {
      const { router } = team();
      const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }]), textResponse('Billing here.')] });
      expect((await router.run(model, 'my invoice', { session: { store: first, id: 'c' } }).result).lastAgent.name).toBe('billing');
    } finally {
      await first.close();
    }

    const again = sqliteSessionStore({ path });
    try {
      // Agents made anew, as a restarted process would; the run starts at refunds, another agent of the graph.
      const { refunds, billing } = team();
      const model = new ScriptedModel({ responses: [textResponse('Still billing.')] });
      const result = await refunds.run(model, 'and the second charge?', { session: { store: again, id: 'c' } }).result;
      expect(model.requests[0]?.system).toBe('billing');
      expect(result.lastAgent).toBe(billing);
    } finally {
      await again.close();
    }
  });
});
