import { tool } from '@tandem/tools';
import { z } from 'zod';

/** The invoices of the demo shop. */
const INVOICES: Readonly<Record<string, { readonly amount: number; readonly charges: number }>> = {
  'INV-1042': { amount: 49, charges: 2 },
  'INV-2001': { amount: 120, charges: 1 },
};

/** Looks an invoice up (billing's tool). */
export const lookupInvoice = tool({
  name: 'lookup_invoice',
  description: 'Look up an invoice by its id (INV-…): amount and how many times it was charged.',
  inputSchema: z.object({ invoiceId: z.string() }),
  execute: ({ invoiceId }) => {
    const invoice = INVOICES[invoiceId];
    if (invoice === undefined) throw new Error(`No invoice ${invoiceId}; ask the customer for the id on their receipt.`);
    return { invoiceId, ...invoice };
  },
});

/** Refunds given, for the demo's output and tests. */
export const refundsGiven: string[] = [];

/** Refunds one charge of an invoice (the refunds agent's tool). */
export const issueRefund = tool({
  name: 'issue_refund',
  description: 'Refund one charge of an invoice.',
  inputSchema: z.object({ invoiceId: z.string(), amount: z.number() }),
  execute: ({ invoiceId, amount }) => {
    refundsGiven.push(invoiceId);
    return `Refunded ${String(amount)} EUR on ${invoiceId}.`;
  },
});
