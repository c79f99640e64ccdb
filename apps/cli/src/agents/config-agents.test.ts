import { describe, expect, it } from 'vitest';
import { Agent, type FunctionTool } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { CliError } from '../errors/cli-error.js';
import type { LoadedConfig } from '../config/load-config.js';
import { entryAgent } from './config-agents.js';

const tool = (name: string): FunctionTool => ({ kind: 'function', name, description: `The ${name} tool.`, inputSchema: { type: 'object' }, execute: () => `${name} ran` });
const base = { tools: [tool('read_file'), tool('lookup_invoice')], system: 'Base.' };
const config = (agents: LoadedConfig['agents'], agent?: string): LoadedConfig => ({
  file: '/p/tandem.config.json',
  dir: '/p',
  providers: [],
  tools: [],
  mcpServers: {},
  agents,
  ...(agent === undefined ? {} : { agent }),
});

describe('entryAgent', () => {
  it('is one agent with the base options without agents in the config', () => {
    const { agent, multiAgent } = entryAgent(config({}), base);
    expect(agent).toBeInstanceOf(Agent);
    expect(agent.options.system).toBe('Base.');
    expect(multiAgent).toBe(false);
  });

  it('builds every agent with its system, tools and handoffs (back and forth), entering at `agent`', async () => {
    const { agent, multiAgent, names } = entryAgent(
      config(
        {
          router: { system: 'Route.', handoffs: ['billing'] },
          billing: { system: 'Bill.', description: 'Invoices.', tools: ['lookup_invoice'], handoffs: ['router'] },
        },
        'router',
      ),
      base,
    );
    expect(multiAgent).toBe(true);
    expect(agent.name).toBe('router');
    expect(names).toEqual(['router', 'billing']);
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'transfer_to_billing', id: 'H' }]), textResponse('Billing here.')] });
    const result = await agent.run(model, 'my invoice').result;
    expect(result.lastAgent.name).toBe('billing');
    expect(model.requests.map((request) => request.system)).toEqual(['Route.', 'Bill.']);
    expect(model.requests[0]?.tools.map((definition) => definition.name)).toEqual(['read_file', 'lookup_invoice', 'transfer_to_billing']);
    expect(model.requests[1]?.tools.map((definition) => definition.name)).toEqual(['lookup_invoice', 'transfer_to_router']);
    expect(model.requests[0]?.tools[2]).toMatchObject({ description: 'Invoices.' });
  });

  it('names the config path of a tool name no tool has (exit 3)', () => {
    let error: unknown;
    try {
      entryAgent(config({ billing: { system: 'Bill.', tools: ['lookup_invoice', 'refund'] } }), base);
    } catch (caught) {
      error = caught;
    }
    expect(CliError.isInstance(error) && error.exitCode).toBe(3);
    expect(String((error as Error).message)).toContain('/p/tandem.config.json: agents.billing.tools[1]: no tool is named "refund" (tools: read_file, lookup_invoice');
  });
});
