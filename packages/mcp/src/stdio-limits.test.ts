// Hostile or broken stdio servers: oversized messages, a hung handshake, a crash at start-up.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, userMessage, type ToolResult } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { FILESYSTEM_ENTRY, gate, isAlive, toolContext } from './__fixtures__/servers.js';
import { McpConnectionError } from './errors/mcp-connection-error.js';
import { getStdioTools } from './get-stdio-tools.js';
import type { McpToolset } from './mcp-toolset.js';

const RAW_SERVER = new URL('./__fixtures__/raw-stdio-server.mjs', import.meta.url).pathname;
const MiB = 1024 * 1024;
const raw = { command: process.execPath, args: [RAW_SERVER], stderr: 'pipe' as const, killGraceMs: 500 };
const call = (tools: McpToolset, name: string, input: unknown) =>
  Promise.resolve(tools.find((tool) => tool.name === name)!.execute!(input, toolContext()));

describe('a stdio server sending a message over maxMessageBytes', () => {
  it('fails only the call it answers, with an error result naming the limit; the same process serves the next call', async () => {
    await using tools = await getStdioTools({ ...raw, maxMessageBytes: MiB });
    const pid = tools.client.pid!;
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([{ name: 'big', input: { bytes: 3 * MiB }, id: 'call_big' }]),
        toolCallResponse([{ name: 'echo', input: { text: 'still here' }, id: 'call_echo' }]),
        textResponse('Done.'),
      ],
    });
    const results: ToolResult[] = [];
    const run = new Agent({ tools }).run(model, [userMessage('Fetch the big thing.')]);
    for await (const event of run) if (event.type === 'tool-call-result') results.push(...event.results);
    expect((await run.result).text).toBe('Done.');
    expect(results[0]).toMatchObject({ toolCallId: 'call_big', status: 'error' });
    expect(String(results[0]!.result)).toMatch(
      /answered with a message of 3145\d{3} bytes, over the limit of 1048576 bytes \(maxMessageBytes\); the reply was discarded\. Ask for less data, or raise maxMessageBytes\./,
    );
    expect(results[1]).toMatchObject({ toolCallId: 'call_echo', status: 'success', result: `pid ${pid}: still here` });
    expect(tools.client.pid).toBe(pid);
  });

  it('drops an oversized notification (reported to onError) and still delivers the result after it', async () => {
    const errors: Error[] = [];
    await using tools = await getStdioTools({ ...raw, maxMessageBytes: MiB, onError: (error) => errors.push(error) });
    await expect(call(tools, 'shout', { bytes: 2 * MiB })).resolves.toBe('done');
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/sent a message of 2097\d{3} bytes, over the limit of 1048576 bytes \(maxMessageBytes\); it was discarded/),
    ]);
  });

  it('gives up on a process whose oversized output belongs to no request: pending calls fail now, the next call starts a new process', async () => {
    await using tools = await getStdioTools({ ...raw, maxMessageBytes: MiB, onError: () => undefined });
    const firstPid = tools.client.pid!;
    await expect(call(tools, 'garbage', { bytes: 2 * MiB })).rejects.toSatisfy(
      (error: unknown) =>
        McpConnectionError.isInstance(error) &&
        /went away during tools\/call garbage: it sent a message of 2097152 bytes, over the limit of 1048576 bytes \(maxMessageBytes\) that belongs to no request.*\. The next call reconnects\./.test(
          error.message,
        ),
    );
    expect(isAlive(firstPid)).toBe(false);
    await expect(call(tools, 'echo', { text: 'again' })).resolves.toMatch(/^pid \d+: again$/);
    expect(tools.client.pid).not.toBe(firstPid);
  });

  it('rejects a maxMessageBytes that is not a positive integer', async () => {
    await expect(getStdioTools({ ...raw, maxMessageBytes: 0 })).rejects.toThrow(/maxMessageBytes must be a positive integer/);
  });
});

describe('server-filesystem reading a 5 MiB file (its reply carries the text twice)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tandem-mcp-big-'));
    await writeFile(join(dir, 'big.txt'), 'a'.repeat(5 * MiB)); // 5 MiB: twice that, plus JSON, is over 10 MiB
    await writeFile(join(dir, 'small.txt'), 'hello');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const filesystem = () => ({ command: process.execPath, args: [FILESYSTEM_ENTRY, dir], stderr: 'pipe' as const, killGraceMs: 500 });

  it('fails that call with the default 10 MiB limit, and the next call works', async () => {
    await using tools = await getStdioTools(filesystem());
    const pid = tools.client.pid!;
    await expect(call(tools, 'read_text_file', { path: join(dir, 'big.txt') })).rejects.toThrow(/over the limit of 10485760 bytes \(maxMessageBytes\)/);
    await expect(call(tools, 'read_text_file', { path: join(dir, 'small.txt') })).resolves.toEqual({ content: 'hello' });
    expect(tools.client.pid).toBe(pid);
  });

  it('reads it whole with a higher maxMessageBytes', async () => {
    await using tools = await getStdioTools({ ...filesystem(), maxMessageBytes: 32 * MiB });
    const result = (await call(tools, 'read_text_file', { path: join(dir, 'big.txt') })) as { content: string };
    expect(result.content.length).toBe(5 * MiB);
  });
});

describe('connecting to a stdio server', () => {
  it('ends a hung handshake as soon as the signal aborts, and reaps the process', async () => {
    const started = gate<number>();
    const controller = new AbortController();
    const connecting = getStdioTools({
      command: process.execPath,
      args: [RAW_SERVER, 'hang'],
      stderr: 'pipe',
      onStderr: (chunk) => started.open(Number(/pid (\d+)/.exec(chunk)?.[1])),
      connectTimeoutMs: 120_000, // far beyond the test's timeout: only the abort can end the wait
      signal: controller.signal,
    });
    const pid = await started.promise;
    expect(isAlive(pid)).toBe(true);
    controller.abort(new Error('user gave up'));
    await expect(connecting).rejects.toThrow('user gave up');
    expect(isAlive(pid)).toBe(false);
  });

  it('reports the exit code and the stderr tail of a server that dies at start-up (default stderr: still printed)', async () => {
    const printed = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await expect(
      getStdioTools({ command: process.execPath, args: ['-e', "console.error('fatal: MY_SERVER_TOKEN is not set'); process.exit(3)"] }),
    ).rejects.toSatisfy(
      (error: unknown) =>
        McpConnectionError.isInstance(error) &&
        /^Could not connect to MCP server ".*": .*the process exited with code 3 \(its stderr ended with: "fatal: MY_SERVER_TOKEN is not set"\)\. Check the command/.test(
          error.message,
        ),
    );
    expect(printed.mock.calls.map(([chunk]) => String(chunk)).join('')).toContain('fatal: MY_SERVER_TOKEN is not set');
    printed.mockRestore();
  });
});
