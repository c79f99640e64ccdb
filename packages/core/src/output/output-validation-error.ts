import { hasBrand, TandemError } from '../spec/errors/tandem-error.js';
import type { OutputIssue } from './output-schema.js';

const BRAND = Symbol.for('tandem.error.OutputValidationError');

/**
 * The model's final answer did not match the run's `output` schema (or was not JSON). `run.result`
 * rejects with it; `text` is the answer as given, `issues` what was wrong.
 *
 * @example
 * ```ts
 * try { await agent.run(model, 'Weather in Oslo?', { output: Weather }).result; } catch (error) {
 *   if (OutputValidationError.isInstance(error)) console.error(error.issues, error.text);
 * }
 * ```
 *
 * @category Errors
 */
export class OutputValidationError extends TandemError {
  /** The final answer's text. */
  readonly text: string;
  readonly issues: readonly OutputIssue[];
  declare private readonly [BRAND]: true;

  constructor(options: { text: string; issues: readonly OutputIssue[] }) {
    const summary = options.issues.map((issue) => describeIssue(issue)).join('; ');
    super('OUTPUT_VALIDATION', {
      message: `The model's final answer does not match the output schema: ${summary}. Tighten the instructions or the schema, or read the raw answer from error.text.`,
    });
    this[BRAND] = true;
    this.name = 'OutputValidationError';
    this.text = options.text;
    this.issues = options.issues;
  }

  static override isInstance(error: unknown): error is OutputValidationError {
    return hasBrand(error, BRAND);
  }
}

function describeIssue(issue: OutputIssue): string {
  const path = (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}
