// Checks what a page points at: relative links must reach a file or folder of the repository, and no page may
// send a reader to files they do not have (paths on the developers' machines, internal design notes).
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Mentions of things outside the repository, which a reader of the published packages does not have. */
const OUTSIDE = [/\bDESIGN\.md\b/, /\bshared folder\b/i, /(^|[\s(`'"])\/work\//, /\/home\/[a-z]/];

/** Problems with the links and mentions of `markdown` (the file `file`, relative to `root`). */
export function linkProblems(root: string, file: string, markdown: string): string[] {
  const problems: string[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((line, index) => {
    const where = `${file}:${String(index + 1)}`;
    for (const pattern of OUTSIDE) if (pattern.test(line)) problems.push(`${where}: mentions something outside the repository (${pattern.source})`);
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      fence = fence === undefined ? marker : marker.startsWith(fence) ? undefined : fence;
      return;
    }
    if (fence !== undefined) return;
    for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (/^([a-z][a-z0-9+.-]*:|#|mailto:)/i.test(target)) continue;
      const path = decodeURIComponent(target.split('#')[0]!);
      if (path === '') continue;
      const resolved = join(root, dirname(file), path);
      if (relative(root, resolved).startsWith('..')) problems.push(`${where}: ${target} points outside the repository`);
      else if (!existsSync(resolved)) problems.push(`${where}: ${target} does not exist`);
    }
  });
  return problems;
}
