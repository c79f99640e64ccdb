import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The `.gitignore` rules of one folder. */
interface Rules {
  readonly base: string;
  readonly rules: Ignore;
}

/** Options of {@link walkFiles}. */
export interface WalkOptions {
  /** Folders above `root` (outermost first) whose `.gitignore` files apply too. */
  readonly ancestors?: readonly string[];
  readonly signal?: AbortSignal;
}

/**
 * Every file under `root` that git would not ignore: `.gitignore` files are honoured in each folder (and
 * in `ancestors`), `.git` is skipped, and symbolic links are not followed. Yields absolute paths in a
 * stable order (sorted per folder).
 *
 * @example
 * ```ts
 * for await (const file of walkFiles('/home/me/project')) console.log(file);
 * ```
 *
 * @category Built-in tools
 */
export async function* walkFiles(root: string, options: WalkOptions = {}): AsyncGenerator<string> {
  const inherited: Rules[] = [];
  for (const folder of options.ancestors ?? []) {
    const rules = await readRules(folder);
    if (rules !== undefined) inherited.push(rules);
  }
  yield* walk(root, inherited, options.signal);
}

async function* walk(folder: string, inherited: readonly Rules[], signal: AbortSignal | undefined): AsyncGenerator<string> {
  signal?.throwIfAborted();
  const own = await readRules(folder);
  const rules = own === undefined ? inherited : [...inherited, own];
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return; // unreadable folder: skipped
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name === '.git') continue;
    const path = join(folder, entry.name);
    const isFolder = entry.isDirectory();
    if (!isFolder && !entry.isFile()) continue;
    if (ignored(rules, path, isFolder)) continue;
    if (isFolder) yield* walk(path, rules, signal);
    else yield path;
  }
}

function ignored(rules: readonly Rules[], path: string, isFolder: boolean): boolean {
  for (const { base, rules: matcher } of rules) {
    const rest = relative(base, path).split(sep).join('/');
    if (rest === '' || rest.startsWith('..')) continue;
    if (matcher.ignores(isFolder ? `${rest}/` : rest)) return true;
  }
  return false;
}

async function readRules(folder: string): Promise<Rules | undefined> {
  try {
    const text = await readFile(join(folder, '.gitignore'), 'utf8');
    return { base: folder, rules: ignore().add(text) };
  } catch {
    return undefined;
  }
}

/** The folders from `top` down to `folder`'s parent (outermost first); empty when `folder` is not under `top`. */
export function foldersBetween(top: string, folder: string): string[] {
  const rest = relative(top, folder);
  if (rest === '' || rest.startsWith('..')) return [];
  const folders: string[] = [];
  for (let current = dirname(folder); ; current = dirname(current)) {
    folders.unshift(current);
    if (current === top || dirname(current) === current) break;
  }
  return folders;
}
