#!/usr/bin/env node
// The MCP server `tandem demo` starts over stdio: a Tandem tool served with serveTools() from @tandem/mcp/server.
import { serveTools } from '@tandem/mcp/server';
import { tool } from '@tandem/tools';
import { z } from 'zod';

const RATES: Record<string, number> = { EUR: 1, NOK: 11.6, USD: 1.08, GBP: 0.85, JPY: 162.4 };

const convertCurrency = tool({
  name: 'convert_currency',
  description: 'Converts an amount between currencies (EUR, NOK, USD, GBP, JPY) at fixed demo rates.',
  inputSchema: z.object({
    amount: z.number().describe('The amount to convert'),
    from: z.string().describe('Currency code, e.g. EUR'),
    to: z.string().describe('Currency code, e.g. NOK'),
  }),
  execute({ amount, from, to }) {
    const rateFrom = RATES[from.toUpperCase()];
    const rateTo = RATES[to.toUpperCase()];
    if (rateFrom === undefined || rateTo === undefined) throw new Error(`Unknown currency; use one of ${Object.keys(RATES).join(', ')}.`);
    const converted = Math.round((amount / rateFrom) * rateTo * 100) / 100;
    return { amount, from, to, converted, servedBy: `MCP server process ${String(process.pid)}` };
  },
});

await serveTools([convertCurrency], { transport: 'stdio', serverInfo: { name: 'tandem-demo-tools', version: '1.0.0' } });
