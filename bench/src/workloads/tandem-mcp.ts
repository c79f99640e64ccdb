import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { McpClient, getStdioTools } from '@tandem/mcp';
import { everythingServer, type EchoCaller } from './mcp.js';

/** Tandem's `McpClient.callTool()` alone (its wrapper over the SDK client). */
async function tandemClient(): Promise<EchoCaller> {
  const client = new McpClient({ transport: { type: 'stdio', ...everythingServer(), stderr: 'ignore' } });
  await client.connect();
  return {
    id: 'tandem McpClient.callTool',
    async call(message) {
      const result = await client.callTool('echo', { message });
      const first = (result.content as { type: string; text?: string }[])[0];
      return first?.text ?? '';
    },
    close: () => client.close(),
  };
}

/** A whole Tandem agent run whose model calls the MCP `echo` tool once (from `getStdioTools`) and then answers. */
async function tandemAgentTool(): Promise<EchoCaller> {
  const tools = await getStdioTools({ ...everythingServer(), stderr: 'ignore' });
  const echo = tools.find((tool) => tool.name === 'echo');
  if (echo === undefined) throw new Error(`server-everything has no echo tool (tools: ${tools.map((t) => t.name).join(', ')})`);
  const agent = new Agent({ tools: [echo] });
  return {
    id: 'tandem Agent + MCP tool',
    async call(message) {
      const model = new ScriptedModel({
        responses: [toolCallResponse([{ id: 'call_echo', name: 'echo', input: { message } }]), textResponse('ok')],
      });
      const run = agent.run(model, 'echo');
      let output = '';
      for await (const event of run) {
        if (event.type === 'tool-call-result') output = String(event.results[0]?.result ?? '');
      }
      await run.result;
      return output;
    },
    close: () => tools.close(),
  };
}

/** Tandem's side of workload 6. */
export function tandemMcpCallers(): (() => Promise<EchoCaller>)[] {
  return [tandemClient, tandemAgentTool];
}
