// Use the tools of a local MCP server (stdio) in a Tandem agent.
// Run: node examples/stdio.mjs   (uses @modelcontextprotocol/server-filesystem via npx)
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { getStdioTools } from '@tandem/mcp';

const dir = await mkdtemp(join(tmpdir(), 'tandem-mcp-example-'));
const file = join(dir, 'hello.txt');

// One server process serves every call until close(), which resolves once it has exited
// (in TypeScript: `await using tools = await getStdioTools(...)` closes it at the end of the scope).
const tools = await getStdioTools({
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-filesystem', dir],
  toolPrefix: 'fs_',
  stderr: 'ignore',
});
try {
  console.log('tools:', tools.map((tool) => tool.name).join(', '));

  // A scripted model stands in for a real one (swap in any provider's model).
  const model = new ScriptedModel({
    responses: [
      toolCallResponse([{ name: 'fs_write_file', input: { path: file, content: 'Hello from Tandem!' } }]),
      toolCallResponse([{ name: 'fs_read_text_file', input: { path: file } }]),
      textResponse('I wrote the file and read it back.'),
    ],
  });
  const run = new Agent({ tools }).run(model, [userMessage('Write hello.txt, then read it.')]);
  for await (const event of run) {
    if (event.type === 'tool-call-result') {
      for (const result of event.results) console.log(`${result.toolName} → ${result.status}:`, result.result);
    }
  }
  console.log((await run.result).text);
} finally {
  await tools.close();
}
console.log('on disk:', await readFile(file, 'utf8'));
