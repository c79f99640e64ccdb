import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatSchemaIssues } from './format-schema-issues.js';

const chunk = z.object({
  id: z.string(),
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }), 'finish-reason': z.enum(['stop', 'length']).optional() })),
});

describe('formatSchemaIssues', () => {
  it.each([
    ['a wrong nested field', { id: 'c1', choices: [{ delta: { content: 7 } }] }],
    ['several issues, shortest path first', { choices: [{ delta: {}, 'finish-reason': 'x' }, 'nope'] }],
    ['a top-level type error', 'not an object'],
  ])('reads like zod.prettifyError on one line: %s', (_label, value) => {
    const result = chunk.safeParse(value);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(formatSchemaIssues(result.error)).toBe(z.prettifyError(result.error).replace(/\s*\n\s*/g, '; '));
  });

  it('names the path of the failing field', () => {
    const result = chunk.safeParse({ id: 'c1', choices: [{ delta: {}, 'finish-reason': 'x' }] });
    expect(result.success ? '' : formatSchemaIssues(result.error)).toMatch(/→ at choices\[0\]\["finish-reason"\]$/);
  });
});
