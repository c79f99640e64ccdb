import type { Tool } from '@tandem/core';
import { currentTimeTool } from './current-time.js';
import { fetchUrlTool } from './fetch-url.js';
import { listDirectoryTool } from './list-directory.js';
import { readFileTool } from './read-file.js';
import { runCommandTool } from './run-command.js';
import { searchFilesTool } from './search-files.js';
import { Workspace } from './workspace.js';
import { writeFileTool } from './write-file.js';

/** Options of {@link builtinTools}. */
export interface BuiltinToolsOptions {
  /** The working directory: the file tools' tree (default `process.cwd()`). */
  readonly cwd?: string;
  /** `--allow-path <dir>` folders the file tools may use too. */
  readonly allowPaths?: readonly string[];
}

/**
 * The tools every `tandem` chat, run and voice conversation has (source `builtin` in `tandem tools`;
 * `--no-builtin-tools` leaves them out): `current_time`, `read_file`, `list_directory`, `search_files`,
 * `fetch_url`, `run_command` (always asks for approval) and `write_file` (asks for approval). The file
 * tools are confined to the working directory tree and the `--allow-path` folders.
 *
 * @example
 * ```ts
 * const tools = builtinTools({ cwd: process.cwd(), allowPaths: ['/tmp/shared'] });
 * ```
 *
 * @category Built-in tools
 */
export function builtinTools(options: BuiltinToolsOptions = {}): Tool[] {
  const workspace = new Workspace(options.cwd ?? process.cwd(), options.allowPaths);
  return [
    currentTimeTool(),
    readFileTool(workspace),
    listDirectoryTool(workspace),
    searchFilesTool(workspace),
    fetchUrlTool(),
    runCommandTool(workspace),
    writeFileTool(workspace),
  ];
}
