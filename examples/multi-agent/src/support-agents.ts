import { Agent } from '@tandem/core';
import { issueRefund, lookupInvoice } from './support-tools.js';

/**
 * The support team: `router` talks to the customer first and hands off; `billing` explains charges and
 * can pass a refund on; `refunds` refunds and hands back to billing for anything else.
 */
export function supportTeam(): { readonly router: Agent; readonly billing: Agent; readonly refunds: Agent } {
  const refundsHandoffs: Agent[] = [];
  const refunds = new Agent({
    name: 'refunds',
    description: 'Refund requests: refunds a charge of an invoice.',
    system: 'You are the refunds desk. Refund what the customer is owed, then confirm in one sentence.',
    tools: [issueRefund],
    handoffs: refundsHandoffs,
  });
  const billing = new Agent({
    name: 'billing',
    description: 'Invoices, charges and payment questions.',
    system: 'You are the billing desk. Look invoices up and explain charges; pass refund requests to refunds.',
    tools: [lookupInvoice],
    handoffs: [refunds],
  });
  // Refunds hands back to billing: an edge added once both agents exist.
  refundsHandoffs.push(billing);
  const router = new Agent({
    name: 'router',
    system: 'You are the front desk. Find out what the customer needs and transfer them to billing or refunds.',
    handoffs: [billing, refunds],
    maxHandoffs: 4,
  });
  return { router, billing, refunds };
}
