// An Agent (on the scripted model) using the real @modelcontextprotocol/server-filesystem over stdio,
// confined to a temporary directory: write a file, then read it back.
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, userMessage, type AgentEvent, type ToolResult } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { FILESYSTEM_ENTRY, isAlive } from './__fixtures__/servers.js';
import { getStdioTools } from './get-stdio-tools.js';

describe('server-filesystem through an Agent', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), 'tandem-mcp-fs-')));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes then reads a file in the allowed directory, and reaps the server afterwards', async () => {
    const file = join(dir, 'note.txt');
    let pid = 0;
    const results: ToolResult[] = [];
    {
      await using tools = await getStdioTools({
        command: process.execPath,
        args: [FILESYSTEM_ENTRY, dir],
        toolPrefix: 'fs_',
        stderr: 'pipe',
        killGraceMs: 500,
      });
      pid = tools.client.pid!;
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['fs_write_file', 'fs_read_text_file']));

      const model = new ScriptedModel({
        responses: [
          toolCallResponse([{ name: 'fs_write_file', input: { path: file, content: 'Tandem was here.\n' } }]),
          toolCallResponse([{ name: 'fs_read_text_file', input: { path: file } }]),
          toolCallResponse([{ name: 'fs_read_text_file', input: { path: '/etc/hostname' } }]),
          textResponse('The note says: Tandem was here.'),
        ],
      });
      const run = new Agent({ tools }).run(model, [userMessage('Leave a note, then read it back.')]);
      for await (const event of run as AsyncIterable<AgentEvent>) {
        if (event.type === 'tool-call-result') results.push(...event.results);
      }
      const result = await run.result;
      expect(result.stopReason).toBe('endTurn');
      expect(result.text).toBe('The note says: Tandem was here.');
      // What the model was sent for the read: the server's structuredContent, as JSON.
      const readRequest = model.requests[2]!;
      expect(readRequest.messages.at(-1)?.parts[0]).toMatchObject({
        type: 'tool-result',
        toolName: 'fs_read_text_file',
        status: 'success',
        modelInput: { type: 'json', value: { content: 'Tandem was here.\n' } },
      });
    }
    expect(await readFile(file, 'utf8')).toBe('Tandem was here.\n');
    expect(results.map((r) => [r.toolName, r.status])).toEqual([
      ['fs_write_file', 'success'],
      ['fs_read_text_file', 'success'],
      ['fs_read_text_file', 'error'],
    ]);
    expect(results[1]!.result).toEqual({ content: 'Tandem was here.\n' });
    // Outside the allowed directory: the server's isError answer is an error result carrying its text.
    expect(String(results[2]!.result)).toMatch(/^McpToolError: .*(denied|outside|not allowed)/i);
    expect(isAlive(pid)).toBe(false);
  });
});
