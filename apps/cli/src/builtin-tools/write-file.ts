import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import type { Workspace } from './workspace.js';

/**
 * `write_file({ path, content })`: writes (creates or replaces) a text file in the workspace, making its
 * folders as needed. **Needs approval.**
 *
 * @example
 * ```ts
 * const tools = [writeFileTool(new Workspace(process.cwd()))];
 * ```
 *
 * @category Built-in tools
 */
export function writeFileTool(workspace: Workspace) {
  return tool({
    name: 'write_file',
    description: 'Create or replace a text file (relative to the working directory) with `content`. The user approves each call.',
    input: z.object({
      path: z.string().describe('the file, relative to the working directory'),
      content: z.string().describe('the whole new content'),
    }),
    needsApproval: true,
    async execute({ path, content }, { signal }) {
      const file = workspace.resolve(path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content, { signal });
      return `Wrote ${String(Buffer.byteLength(content))} bytes to ${workspace.display(file)}.`;
    },
  });
}
