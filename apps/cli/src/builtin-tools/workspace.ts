import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PathOutsideWorkspaceError } from './path-outside-workspace-error.js';

/**
 * The folders the built-in file tools may touch: the working directory tree and each `--allow-path`
 * folder. Paths resolve from the working directory; symbolic links are followed (for a path that does
 * not exist yet, those of its nearest existing parent), so neither `..` nor a link escapes.
 *
 * @example
 * ```ts
 * const workspace = new Workspace('/home/me/project', ['/tmp/shared']);
 * workspace.resolve('src/index.ts'); // '/home/me/project/src/index.ts'
 * workspace.resolve('../secret');    // throws PathOutsideWorkspaceError
 * ```
 *
 * @category Built-in tools
 */
export class Workspace {
  /** The working directory, symbolic links resolved. */
  readonly cwd: string;
  /** Every allowed folder, symbolic links resolved (the working directory first). */
  readonly roots: readonly string[];

  constructor(cwd: string, allowPaths: readonly string[] = []) {
    this.cwd = realPath(resolve(cwd));
    this.roots = [this.cwd, ...allowPaths.map((path) => realPath(resolve(cwd, path)))];
  }

  /**
   * The real absolute path of `path` (relative to the working directory).
   *
   * @throws PathOutsideWorkspaceError when it lies outside every allowed folder.
   */
  resolve(path: string): string {
    const target = realPath(isAbsolute(path) ? path : resolve(this.cwd, path));
    if (!this.roots.some((root) => inside(root, target))) throw new PathOutsideWorkspaceError(path, target, this.roots);
    return target;
  }

  /** `path` as the tools show it: relative to the working directory when inside it. */
  display(path: string): string {
    if (!inside(this.cwd, path)) return path;
    const shown = relative(this.cwd, path);
    return shown === '' ? '.' : shown;
  }
}

function inside(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

/**
 * `realpath`, or — for a path that does not exist yet — the real path of its nearest existing parent
 * joined with the rest; a dangling symbolic link leads to where it points (a write would land there).
 */
function realPath(path: string, depth = 0): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    const here = join(realPath(parent, depth), basename(path));
    if (depth < 40 && isSymbolicLink(here)) return realPath(resolve(dirname(here), readlinkSync(here)), depth + 1);
    return here;
  }
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
