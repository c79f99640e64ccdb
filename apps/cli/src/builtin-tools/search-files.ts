import { readFile, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import ignore from 'ignore';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import { foldersBetween, walkFiles } from './gitignore-walk.js';
import type { Workspace } from './workspace.js';

/** Most matching lines `search_files` returns. */
export const SEARCH_FILES_MAX_MATCHES = 200;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_LINE_CHARS = 300;

/**
 * `search_files({ pattern, path?, glob? })`: the lines matching a regular expression in the files under
 * `path` (default the working directory) that git would not ignore (`.gitignore` files are honoured;
 * binary files and files over 2 MiB are skipped), optionally only files matching `glob` (gitignore
 * style: `*.ts`, `src/**\/*.md`). One `file:line: text` a match, at most {@link SEARCH_FILES_MAX_MATCHES}.
 *
 * @example
 * ```ts
 * const tools = [searchFilesTool(new Workspace(process.cwd()))];
 * ```
 *
 * @category Built-in tools
 */
export function searchFilesTool(workspace: Workspace) {
  return tool({
    name: 'search_files',
    description:
      'Search files for a regular expression (JavaScript syntax), skipping what .gitignore ignores. Returns "file:line: text" for each matching line.',
    input: z.object({
      pattern: z.string().describe('a regular expression, e.g. "TODO|FIXME"'),
      path: z.string().optional().describe('the folder (or file) to search, relative to the working directory (default ".")'),
      glob: z.string().optional().describe('only files matching this gitignore-style pattern, e.g. "*.ts"'),
    }),
    async execute({ pattern, path = '.', glob }, { signal }) {
      let regex: RegExp;
      try {
        regex = new RegExp(pattern);
      } catch (error) {
        throw new Error(`pattern is not a valid regular expression: ${(error as Error).message}`, { cause: error });
      }
      const root = workspace.resolve(path === '' ? '.' : path);
      const only = glob === undefined || glob === '' ? undefined : ignore().add(glob);
      const files = (await stat(root)).isDirectory() ? walkFiles(root, { ancestors: foldersBetween(workspace.cwd, root), signal }) : single(root);
      const matches: string[] = [];
      let searched = 0;
      for await (const file of files) {
        signal.throwIfAborted();
        if (only !== undefined && !only.ignores(relative(root, file).split(sep).join('/') || file.split(sep).at(-1) || '')) continue;
        const text = await readText(file);
        if (text === undefined) continue;
        searched += 1;
        const lines = text.split('\n');
        for (let index = 0; index < lines.length; index++) {
          const line = lines[index] as string;
          if (!regex.test(line)) continue;
          if (matches.length === SEARCH_FILES_MAX_MATCHES) {
            return `${matches.join('\n')}\n[stopped at ${String(SEARCH_FILES_MAX_MATCHES)} matches; narrow the pattern, path or glob]`;
          }
          const shown = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line;
          matches.push(`${workspace.display(file)}:${String(index + 1)}: ${shown.trim()}`);
        }
      }
      return matches.length === 0 ? `No matches for /${pattern}/ in ${String(searched)} files.` : matches.join('\n');
    },
  });
}

async function* single(file: string): AsyncGenerator<string> {
  yield file;
}

/** A text file's content, or undefined for a binary or too big one. */
async function readText(file: string): Promise<string | undefined> {
  try {
    if ((await stat(file)).size > MAX_FILE_BYTES) return undefined;
    const bytes = await readFile(file);
    if (bytes.subarray(0, 8000).includes(0)) return undefined;
    return bytes.toString('utf8');
  } catch {
    return undefined;
  }
}
