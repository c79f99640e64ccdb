// Against the real @modelcontextprotocol/server-everything over stdio (one process for the block).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isToolContent, type ToolContent } from '@tandem/core';
import { EVERYTHING_ENTRY, gate, toolContext } from './__fixtures__/servers.js';
import { getStdioTools } from './get-stdio-tools.js';
import { McpToolError } from './errors/mcp-tool-error.js';
import type { McpLogMessage } from './mcp-client-options.js';
import type { McpToolset } from './mcp-toolset.js';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

describe('server-everything over stdio', () => {
  let tools: McpToolset;
  const logs: McpLogMessage[] = [];
  const firstLog = gate<McpLogMessage>();

  beforeAll(async () => {
    tools = await getStdioTools({
      command: process.execPath,
      args: [EVERYTHING_ENTRY, 'stdio'],
      stderr: 'pipe',
      killGraceMs: 500,
      logLevel: 'debug',
      onLog: (message) => {
        logs.push(message);
        firstLog.open(message);
      },
      onElicitation: (request) => {
        expect(request.message).toMatch(/provide inputs/);
        return { action: 'accept', content: { name: 'Ada Lovelace', check: true, integer: 7 } };
      },
    });
  });

  afterAll(async () => {
    await tools?.close();
  });

  function tool(name: string) {
    const found = tools.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no tool ${name} in ${tools.map((t) => t.name).join(', ')}`);
    return found;
  }

  it('lists the server tools as Tandem function tools with their JSON Schemas', () => {
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'trigger-long-running-operation']));
    const echo = tool('echo');
    expect(echo.kind).toBe('function');
    expect(echo.description).toBe('Echoes back the input string');
    expect(echo.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] });
    expect(Array.isArray(tools)).toBe(true);
  });

  it('calls echo and get-sum, returning their text', async () => {
    await expect(tool('echo').execute!({ message: 'hello' }, toolContext())).resolves.toBe('Echo: hello');
    await expect(tool('get-sum').execute!({ a: 2, b: 40 }, toolContext())).resolves.toBe('The sum of 2 and 40 is 42.');
  });

  it('returns an image as a file block with decoded PNG bytes, between the text blocks', async () => {
    const result = (await tool('get-tiny-image').execute!({}, toolContext())) as ToolContent;
    expect(isToolContent(result)).toBe(true);
    expect(result.blocks.map((block) => block.type)).toEqual(['text', 'file', 'text']);
    const image = result.blocks[1]!;
    if (image.type !== 'file') throw new Error('expected a file block');
    expect(image.mediaType).toBe('image/png');
    expect(image.data).toBeInstanceOf(Uint8Array);
    expect([...image.data.slice(0, 4)]).toEqual(PNG_MAGIC);
  });

  it('reports progress of the long-running operation as ctx.progress calls', async () => {
    const ctx = toolContext();
    const result = await tool('trigger-long-running-operation').execute!({ duration: 0.3, steps: 3 }, ctx);
    expect(result).toBe('Long running operation completed. Duration: 0.3 seconds, Steps: 3.');
    expect(ctx.progressed.map((record) => record.value)).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  });

  it('turns isError into a thrown McpToolError with the server text', async () => {
    const error: unknown = await Promise.resolve(tool('echo').execute!({ message: 42 }, toolContext())).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(McpToolError.isInstance(error)).toBe(true);
    expect((error as McpToolError).toolName).toBe('echo');
    expect((error as McpToolError).message).toMatch(/message/);
  });

  it('returns structuredContent as the JSON result', async () => {
    await expect(tool('get-structured-content').execute!({ location: 'Chicago' }, toolContext())).resolves.toEqual({
      temperature: 36,
      conditions: 'Light rain / drizzle',
      humidity: 82,
    });
  });

  it('maps resource links to text with their URI', async () => {
    const result = await tool('get-resource-links').execute!({ count: 2 }, toolContext());
    expect(typeof result).toBe('string');
    expect(result).toMatch(/Resource link: .* <demo:\/\/resource\/[^>]+>/);
  });

  it('lists and reads resources, lists and renders prompts', async () => {
    const resources = await tools.client.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const read = await tools.client.readResource(resources[0]!.uri);
    expect(read.contents[0]?.uri).toBe(resources[0]!.uri);
    const prompts = await tools.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('args-prompt');
    const prompt = await tools.client.getPrompt('args-prompt', { city: 'Oslo' });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: "What's weather in Oslo?" });
  });

  it('forwards the server log messages to onLog', async () => {
    await tool('toggle-simulated-logging').execute!({}, toolContext());
    const message = await firstLog.promise;
    expect(message.level).toMatch(/debug|info|notice|warning|error|critical|alert|emergency/);
    expect(String(message.data)).toMatch(/message/i);
    await tool('toggle-simulated-logging').execute!({}, toolContext());
  });

  it('answers elicitation requests through onElicitation (and only then offers the tool)', async () => {
    const result = await tool('trigger-elicitation-request').execute!({}, toolContext());
    expect(result).toMatch(/Name: Ada Lovelace/);
    expect(result).toMatch(/Agreed to terms: true/);
  });
});
