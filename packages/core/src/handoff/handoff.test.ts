import { describe, expect, it } from 'vitest';
import { handoff, handoffToolName, isHandoff, toHandoff } from './handoff.js';
import type { Message } from '../spec/message/v1/message.js';

const billing = { name: 'billing', description: 'Invoices, payment methods and charges.' };

describe('handoffToolName', () => {
  it.each([
    ['billing', 'transfer_to_billing'],
    ['Billing Team', 'transfer_to_billing_team'],
    ['refundsAgent', 'transfer_to_refunds_agent'],
    ['HTTPSupport', 'transfer_to_http_support'],
    ['tier-2 support!', 'transfer_to_tier_2_support'],
    ['  spaced  ', 'transfer_to_spaced'],
  ])('derives the snake-cased tool name of %j', (name, expected) => {
    expect(handoffToolName(name)).toBe(expected);
  });

  it('cuts the name to the 64 characters a tool name may have', () => {
    const name = handoffToolName('a'.repeat(100));
    expect(name).toHaveLength(64);
    expect(name.startsWith('transfer_to_a')).toBe(true);
  });

  it('rejects a name without letters or digits, saying what to do', () => {
    expect(() => handoffToolName('¿?')).toThrow(TypeError);
    expect(() => handoffToolName('¿?')).toThrow(/toolName/);
  });
});

describe('handoff()', () => {
  it('defaults the tool name and description from the target', () => {
    const h = handoff(billing);
    expect(h).toMatchObject({ kind: 'handoff', target: billing, name: 'billing', toolName: 'transfer_to_billing', description: billing.description });
    expect(h.inputFilter).toBeUndefined();
    expect(h.onHandoff).toBeUndefined();
  });

  it('takes toolName, description, inputFilter and onHandoff', () => {
    const inputFilter = (messages: readonly Message[]) => messages.slice(-1);
    const onHandoff = (): void => {};
    const h = handoff(billing, { toolName: 'escalate', description: 'Escalate to billing.', inputFilter, onHandoff });
    expect(h).toMatchObject({ toolName: 'escalate', description: 'Escalate to billing.', inputFilter, onHandoff });
  });

  it('describes a target without a description by its name', () => {
    expect(handoff({ name: 'refunds' }).description).toBe('Transfer the conversation to refunds.');
  });

  it('rejects a target without a name, and an invalid toolName', () => {
    expect(() => handoff({ description: 'anonymous' })).toThrow(/has no name/);
    expect(() => handoff(null as never)).toThrow(TypeError);
    expect(() => handoff(billing, { toolName: 'transfer to billing' })).toThrow(/handoff tool name for "billing"/);
  });

  it('is recognised by isHandoff and kept by toHandoff; a bare target becomes handoff(target)', () => {
    const h = handoff(billing);
    expect(isHandoff(h)).toBe(true);
    expect(isHandoff(billing)).toBe(false);
    expect(isHandoff({ ...h })).toBe(false);
    expect(toHandoff(h)).toBe(h);
    expect(toHandoff(billing)).toMatchObject({ toolName: 'transfer_to_billing', target: billing });
  });
});
