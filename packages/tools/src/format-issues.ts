import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * Formats validation issues as one line a model (or a person) can act on, each issue prefixed by its
 * path: `query: Expected string, received number; items[0].id: Required`.
 * @internal
 */
export function formatIssues(issues: readonly StandardSchemaV1.Issue[]): string {
  if (issues.length === 0) return 'Invalid input.';
  return issues
    .map((issue) => {
      const path = formatPath(issue.path ?? []);
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Formats an issue path as `a.b[0]["odd key"]`.
 * @internal
 */
export function formatPath(path: ReadonlyArray<PropertyKey | StandardSchemaV1.PathSegment>): string {
  let out = '';
  for (const segment of path) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'symbol') out += `[${String(key)}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}
