import { open } from 'node:fs/promises';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import type { Workspace } from './workspace.js';

/** Most characters `read_file` returns in one call. */
export const READ_FILE_MAX_CHARS = 100_000;
/** Most bytes of a file `read_file` looks at. */
const MAX_BYTES = 8 * 1024 * 1024;
const DEFAULT_LIMIT = 2000;

/**
 * `read_file({ path, offset?, limit? })`: the text of a file in the workspace, from line `offset`
 * (1-based, default 1), at most `limit` lines (default 2000) and {@link READ_FILE_MAX_CHARS} characters;
 * what was left out is said at the end, with the `offset` to read on from. Binary files are refused.
 *
 * @example
 * ```ts
 * const tools = [readFileTool(new Workspace(process.cwd()))];
 * ```
 *
 * @category Built-in tools
 */
export function readFileTool(workspace: Workspace) {
  return tool({
    name: 'read_file',
    description: 'Read a text file (relative to the working directory). Returns its lines from `offset` (1-based), at most `limit` lines.',
    input: z.object({
      path: z.string().describe('the file, relative to the working directory'),
      offset: z.number().int().min(1).optional().describe('first line to return (1-based, default 1)'),
      limit: z.number().int().min(1).optional().describe(`most lines to return (default ${String(DEFAULT_LIMIT)})`),
    }),
    async execute({ path, offset = 1, limit = DEFAULT_LIMIT }, { signal }) {
      const file = workspace.resolve(path);
      const bytes = await readStart(file, signal);
      if (bytes.subarray(0, 8000).includes(0)) throw new Error(`${path} is a binary file; read_file reads text files.`);
      const text = bytes.toString('utf8');
      const lines = text.split('\n');
      if (lines.at(-1) === '') lines.pop();
      const first = offset - 1;
      if (first >= lines.length && lines.length > 0) throw new Error(`${path} has ${String(lines.length)} lines; offset ${String(offset)} is past its end.`);
      const shown: string[] = [];
      let chars = 0;
      for (let index = first; index < Math.min(lines.length, first + limit); index++) {
        const line = lines[index] as string;
        if (chars + line.length + 1 > READ_FILE_MAX_CHARS && shown.length > 0) break;
        shown.push(line.length > READ_FILE_MAX_CHARS ? `${line.slice(0, READ_FILE_MAX_CHARS)}…` : line);
        chars += line.length + 1;
      }
      const last = first + shown.length;
      const cut = bytes.length >= MAX_BYTES;
      if (last >= lines.length && !cut) return shown.join('\n');
      const total = cut ? `more than ${String(lines.length)}` : String(lines.length);
      return `${shown.join('\n')}\n[lines ${String(offset)}–${String(last)} of ${total}; read on with offset=${String(last + 1)}]`;
    },
  });
}

/** The first {@link MAX_BYTES} of a file. */
async function readStart(file: string, signal: AbortSignal): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    if ((await handle.stat()).isDirectory()) throw new Error(`${file} is a folder: use list_directory.`);
    const buffer = Buffer.alloc(MAX_BYTES);
    let length = 0;
    while (length < MAX_BYTES) {
      signal.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, length, MAX_BYTES - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}
