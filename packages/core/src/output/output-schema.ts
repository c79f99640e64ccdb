/**
 * A validation issue, as Standard Schema reports it.
 *
 * @category Structured output
 */
export interface OutputIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

/**
 * The result of validating with a Standard Schema.
 *
 * @category Structured output
 */
export type OutputValidationResult<T> = { readonly value: T; readonly issues?: undefined } | { readonly issues: ReadonlyArray<OutputIssue> };

/**
 * What `agent.run(…, { output })` takes: any schema that is both a Standard Schema (it can validate) and a
 * Standard JSON Schema (it can describe itself to the model) — a zod 4 schema, `jsonSchema(…)` from
 * `@tandem/tools`, and other libraries implementing both. `T` is the validated value's type.
 *
 * @example
 * ```ts
 * const output: OutputSchema<{ city: string; temperature: number }> = z.object({ city: z.string(), temperature: z.number() });
 * ```
 *
 * @category Structured output
 */
export interface OutputSchema<T = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): OutputValidationResult<T> | Promise<OutputValidationResult<T>>;
    readonly jsonSchema?: {
      input(options: { readonly target: string }): Record<string, unknown>;
    };
    readonly types?: { readonly input: unknown; readonly output: T } | undefined;
  };
}
