// Run state in a BidiAgent (§14): ctx.idempotencyKey is stable for a call across reconnects.
import { describe, expect, it } from 'vitest';
import type { ToolContext } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { sleepTool } from './__fixtures__/test-kit.js';

describe('BidiAgent run state', () => {
  it('ctx.idempotencyKey is set and stays the same for a call across a reconnect (derived from the session id)', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const seen: { ctx?: ToolContext } = {};
    const store = { load: async () => [], append: async () => undefined, list: async () => [], delete: async () => undefined, close: async () => undefined };
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('pay', clock, 100, 'paid', seen)], session: { store, id: 'sess-42' } });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'pay', id: 'p1' }]));
    await model.until(() => seen.ctx !== undefined);
    expect(seen.ctx?.idempotencyKey).toBe('sess-42:p1');
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    await clock.advance(100);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(seen.ctx?.idempotencyKey).toBe('sess-42:p1');
    await agent.stop();
  });
});
