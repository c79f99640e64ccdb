import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PathOutsideWorkspaceError } from './path-outside-workspace-error.js';
import { Workspace } from './workspace.js';

let base: string;
let project: string;
let outside: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-workspace-')));
  project = join(base, 'project');
  outside = join(base, 'outside');
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  writeFileSync(join(project, 'src', 'a.ts'), 'a');
  symlinkSync(outside, join(project, 'escape'));
  symlinkSync(join(outside, 'new.txt'), join(project, 'dangling'));
  symlinkSync(join(project, 'src'), join(project, 'inner'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const refused = (workspace: Workspace, path: string): unknown => {
  try {
    workspace.resolve(path);
  } catch (error) {
    return error;
  }
  throw new Error(`${path} was not refused`);
};

describe('Workspace', () => {
  it('resolves paths inside the working directory tree, existing or not', () => {
    const workspace = new Workspace(project);
    expect(workspace.resolve('src/a.ts')).toBe(join(project, 'src', 'a.ts'));
    expect(workspace.resolve('.')).toBe(project);
    expect(workspace.resolve('src/../src/new/file.txt')).toBe(join(project, 'src', 'new', 'file.txt'));
    expect(workspace.resolve(join(project, 'src'))).toBe(join(project, 'src'));
    expect(workspace.resolve('inner/a.ts')).toBe(join(project, 'src', 'a.ts'));
  });

  it('refuses .. escapes, absolute paths outside, and symbolic links that lead outside (dangling ones too)', () => {
    const workspace = new Workspace(project);
    for (const path of ['..', '../outside/secret.txt', 'src/../../outside', join(outside, 'secret.txt'), 'escape/secret.txt', 'escape', 'dangling', '/etc/passwd']) {
      const error = refused(workspace, path);
      expect(PathOutsideWorkspaceError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/outside the folders tandem's file tools may use .*--allow-path <dir>/);
    }
    expect((refused(workspace, 'escape/secret.txt') as PathOutsideWorkspaceError).resolved).toBe(join(outside, 'secret.txt'));
  });

  it('does not take a sibling folder with the same prefix for the tree', () => {
    mkdirSync(join(base, 'project-other'), { recursive: true });
    expect(PathOutsideWorkspaceError.isInstance(refused(new Workspace(project), '../project-other'))).toBe(true);
  });

  it('--allow-path folders widen it', () => {
    const workspace = new Workspace(project, [outside]);
    expect(workspace.resolve('escape/secret.txt')).toBe(join(outside, 'secret.txt'));
    expect(workspace.resolve(join(outside, 'secret.txt'))).toBe(join(outside, 'secret.txt'));
    expect(PathOutsideWorkspaceError.isInstance(refused(workspace, '/etc/passwd'))).toBe(true);
  });
});
