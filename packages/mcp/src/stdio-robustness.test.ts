// A real server process dying mid-call, reconnecting on next use, and process reaping on close.
import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type AgentEvent, type ToolResult } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { EVERYTHING_ENTRY, gate, isAlive, toolContext } from './__fixtures__/servers.js';
import { McpConnectionError } from './errors/mcp-connection-error.js';
import { getStdioTools } from './get-stdio-tools.js';
import { StdioProcessTransport } from './stdio-process-transport.js';

const everything = { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], stderr: 'pipe' as const, killGraceMs: 500 };

describe('a stdio server killed mid-call', () => {
  it('turns the pending call into an error result, and the next call starts a new process', async () => {
    await using tools = await getStdioTools({ ...everything, timeoutMs: 15_000 });
    const firstPid = tools.client.pid!;
    expect(isAlive(firstPid)).toBe(true);

    const model = new ScriptedModel({
      responses: [
        toolCallResponse([{ name: 'trigger-long-running-operation', input: { duration: 20, steps: 200 }, id: 'call_long' }]),
        textResponse('The operation failed.'),
        toolCallResponse([{ name: 'echo', input: { message: 'back again' }, id: 'call_echo' }]),
        textResponse('Done.'),
      ],
    });
    const agent = new Agent({ tools });
    const results: ToolResult[] = [];
    const exceptions: unknown[] = [];
    const run = agent.run(model, [userMessage('Run the long operation.')]);
    let killed = false;
    for await (const event of run as AsyncIterable<AgentEvent>) {
      if (event.type === 'partial-tool-call-result' && !killed) {
        // The first progress notification is the gate: the call is running on the server now.
        expect(event.value).toEqual({ progress: 1, total: 200 });
        killed = true;
        process.kill(firstPid, 'SIGKILL');
      }
      if (event.type === 'tool-call-result') {
        results.push(...event.results);
        exceptions.push(event.exception);
      }
    }
    expect(killed).toBe(true);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolCallId: 'call_long', status: 'error', isError: true });
    expect(String(results[0]!.result)).toMatch(/McpConnectionError: MCP server "node index\.js stdio" went away during tools\/call trigger-long-running-operation: the process was killed by SIGKILL/);
    expect(McpConnectionError.isInstance(exceptions[0])).toBe(true);
    expect(isAlive(firstPid)).toBe(false);

    const second = agent.run(model, [userMessage('Try echo.')]);
    const result = await second.result;
    expect(result.text).toBe('Done.');
    const toolMessage = result.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.parts[0]).toMatchObject({ type: 'tool-result', toolCallId: 'call_echo', status: 'success', result: 'Echo: back again' });
    const secondPid = tools.client.pid!;
    expect(secondPid).not.toBe(firstPid);
    expect(isAlive(secondPid)).toBe(true);
  });

  it('fails calls pending on a process that exits by itself, without hanging', async () => {
    await using tools = await getStdioTools({ ...everything });
    const long = tools.find((tool) => tool.name === 'trigger-long-running-operation')!;
    const started = gate();
    const pending = Promise.resolve(long.execute!({ duration: 20, steps: 200 }, toolContext({ onProgress: () => started.open() })));
    await started.promise;
    process.kill(tools.client.pid!, 'SIGTERM');
    await expect(pending).rejects.toThrow(
      /went away during tools\/call trigger-long-running-operation: the process was killed by SIGTERM \(its stderr ended with: "Starting default \(STDIO\) server\.\.\."\)\. The next call reconnects\./,
    );
    await expect(Promise.resolve(tools.find((tool) => tool.name === 'echo')!.execute!({ message: 'x' }, toolContext()))).resolves.toBe('Echo: x');
  });
});

describe('closing reaps the server process', () => {
  it('close() resolves only after the child has exited (no orphan)', async () => {
    const tools = await getStdioTools({ ...everything });
    const pid = tools.client.pid!;
    expect(isAlive(pid)).toBe(true);
    await tools.close();
    expect(isAlive(pid)).toBe(false);
    expect(tools.client.connected).toBe(false);
  });

  it('await using closes the toolset at scope exit', async () => {
    let pid = 0;
    {
      await using tools = await getStdioTools({ ...everything });
      pid = tools.client.pid!;
      expect(isAlive(pid)).toBe(true);
    }
    expect(isAlive(pid)).toBe(false);
  });

  it('escalates to SIGKILL for a process that ignores stdin closing and SIGTERM', async () => {
    const transport = new StdioProcessTransport({
      command: process.execPath,
      args: ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); process.stdout.write('ready\\n');"],
      killGraceMs: 100,
      stderr: 'ignore',
    });
    const ready = gate();
    transport.onerror = () => ready.open(); // 'ready' is not JSON-RPC: proof the script runs (and installed its handler)
    await transport.start();
    await ready.promise;
    const pid = transport.pid!;
    await transport.close();
    expect(transport.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(isAlive(pid)).toBe(false);
  });

  it('reports a command that cannot be started as a connection error', async () => {
    await expect(getStdioTools({ command: '/nonexistent/mcp-server' })).rejects.toSatisfy(
      (error: unknown) => McpConnectionError.isInstance(error) && /Could not connect to MCP server "mcp-server".*ENOENT/.test(error.message),
    );
  });
});
