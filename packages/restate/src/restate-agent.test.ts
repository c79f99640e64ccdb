import { Agent, memorySessionStore, type ToolContext } from '@tandem/core';
import { ScriptedModel, textResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { idempotencyKey, restateAgent } from './index.js';

const model = new ScriptedModel({ responses: [textResponse('Hi.')] });

describe('restateAgent', () => {
  it('names the service (or object) as asked', () => {
    expect(restateAgent({ name: 'support', agent: new Agent(), model }).name).toBe('support');
    expect(restateAgent({ name: 'chat', agent: new Agent(), model, keyed: true }).name).toBe('chat');
  });

  it('rejects a missing name or a non-Agent with an error that says what to pass', () => {
    expect(() => restateAgent({ name: '', agent: new Agent(), model })).toThrow('restateAgent: `name` must be a non-empty string (the Restate service name).');
    expect(() => restateAgent({ name: 'x', agent: {} as Agent, model })).toThrow('restateAgent: `agent` must be an Agent from @tandem/core.');
  });

  it('refuses an agent with a session store, which every replay would write again', () => {
    const agent = new Agent({ session: { store: memorySessionStore(), id: 'c-1' } });
    expect(() => restateAgent({ name: 'x', agent, model })).toThrow(/has a `session`.*remove `session` and use `keyed: true`/);
  });

  it("needs keyed: true for approvals: 'interrupt' (the pending approvals live in the object's state), and adds approve and pending handlers", () => {
    const agent = new Agent({ approvals: 'interrupt' });
    expect(() => restateAgent({ name: 'x', agent, model })).toThrow(/approvals: 'interrupt'.*pass keyed: true/);
    const keyed = restateAgent({ name: 'x', agent, model, keyed: true }) as unknown as { object: Record<string, unknown> };
    expect(Object.keys(keyed.object).sort()).toEqual(['approve', 'pending', 'run']);
  });

  it('installs Promise.withResolvers for the Restate SDK', () => {
    restateAgent({ name: 'support', agent: new Agent(), model });
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function');
  });
});

describe('idempotencyKey', () => {
  it('says how to get one when the tool is not in a durable run', () => {
    expect(() => idempotencyKey({ toolCallId: 'call_1' } as ToolContext)).toThrow(/not running in a durable run.*restateAgent\(\) from @tandem\/restate/);
  });
});
