/** One validation issue as zod (and Standard Schema) report it. */
interface Issue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/**
 * A zod validation error as one line — `✖ Invalid input: expected string, received number; → at choices[0].delta`
 * for each issue, shortest paths first. It reads the error's `issues`, so this package does not load zod itself:
 * the schemas it validates with come from the provider, which already did.
 * @internal
 */
export function formatSchemaIssues(error: { readonly issues: readonly Issue[] }): string {
  const issues = [...error.issues].sort((a, b) => (a.path?.length ?? 0) - (b.path?.length ?? 0));
  return issues.map((issue) => (issue.path?.length ? `✖ ${issue.message}; → at ${dotPath(issue.path)}` : `✖ ${issue.message}`)).join('; ');
}

function dotPath(path: readonly (PropertyKey | { readonly key: PropertyKey })[]): string {
  let out = '';
  for (const segment of path) {
    const key = typeof segment === 'object' ? segment.key : segment;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'symbol') out += `[${JSON.stringify(String(key))}]`;
    else if (/[^\w$]/.test(key)) out += `[${JSON.stringify(key)}]`;
    else out += out === '' ? key : `.${key}`;
  }
  return out;
}
