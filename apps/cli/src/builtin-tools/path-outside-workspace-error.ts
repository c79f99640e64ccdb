import { TandemError } from '@tandem/core/spec';

const BRAND = Symbol.for('tandem.error.PathOutsideWorkspaceError');

/**
 * A built-in file tool was given a path outside the folders it may touch: the working directory tree and
 * every `--allow-path <dir>`. Symbolic links are followed first, so a link that points outside is refused
 * too. The model sees the message as the call's error result.
 *
 * @example
 * ```ts
 * throw new PathOutsideWorkspaceError('../secret.txt', '/home/me/secret.txt', ['/home/me/project']);
 * ```
 *
 * @category Built-in tools
 */
export class PathOutsideWorkspaceError extends TandemError {
  /** The path as the model gave it. */
  readonly path: string;
  /** Where it leads, symbolic links followed. */
  readonly resolved: string;
  private readonly [BRAND] = true;

  constructor(path: string, resolved: string, roots: readonly string[]) {
    super('CLI_PATH_OUTSIDE_WORKSPACE', {
      message: `${path} is outside the folders tandem's file tools may use (${roots.join(', ')}); it resolves to ${resolved}. Start tandem with --allow-path <dir> to allow another folder.`,
    });
    this.name = 'PathOutsideWorkspaceError';
    this.path = path;
    this.resolved = resolved;
  }

  static override isInstance(error: unknown): error is PathOutsideWorkspaceError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
