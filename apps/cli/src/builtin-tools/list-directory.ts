import { readdir } from 'node:fs/promises';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import type { Workspace } from './workspace.js';

/** Most entries `list_directory` returns. */
export const LIST_DIRECTORY_MAX_ENTRIES = 1000;

/**
 * `list_directory({ path })`: the entries of a folder in the workspace, sorted, one a line — folders end
 * with `/`, symbolic links with `@`; at most {@link LIST_DIRECTORY_MAX_ENTRIES}.
 *
 * @example
 * ```ts
 * const tools = [listDirectoryTool(new Workspace(process.cwd()))];
 * ```
 *
 * @category Built-in tools
 */
export function listDirectoryTool(workspace: Workspace) {
  return tool({
    name: 'list_directory',
    description: 'List a folder (relative to the working directory): one entry a line, folders ending with "/".',
    input: z.object({ path: z.string().describe('the folder, relative to the working directory ("." for the working directory)') }),
    async execute({ path }) {
      const folder = workspace.resolve(path === '' ? '.' : path);
      const entries = await readdir(folder, { withFileTypes: true });
      const names = entries
        .map((entry) => `${entry.name}${entry.isDirectory() ? '/' : entry.isSymbolicLink() ? '@' : ''}`)
        .sort((a, b) => a.localeCompare(b));
      if (names.length === 0) return `${workspace.display(folder)} is empty.`;
      const shown = names.slice(0, LIST_DIRECTORY_MAX_ENTRIES);
      const more = names.length - shown.length;
      return more > 0 ? `${shown.join('\n')}\n[${String(more)} more entries not shown]` : shown.join('\n');
    },
  });
}
