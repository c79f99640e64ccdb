import type { StandardSchemaV1 } from '@standard-schema/spec';
import { TandemError } from '@tandem/core';
import { loadOnDemand } from '@tandem/core/runtime';
import type * as CompileModuleNamespace from './json-schema-compile.js';

type Issue = StandardSchemaV1.Issue;
type Check = (value: unknown) => Issue[];
type CompileModule = typeof CompileModuleNamespace;

/**
 * The validator (`@cfworker/json-schema` and the wording of its issues), imported once, when the first
 * `jsonSchema()` is defined: an app that gives its tools zod (or another Standard Schema) never loads it,
 * and a bundler puts it in a chunk of its own. A failed import is forgotten, so the next validation tries
 * again.
 */
const loadCompiler: () => Promise<CompileModule> = /* @__PURE__ */ loadOnDemand(
  () => import('./json-schema-compile.js'),
  (cause) =>
    new TandemError('JSON_SCHEMA_VALIDATOR_UNAVAILABLE', {
      message:
        `jsonSchema(): loading the JSON Schema validator (@cfworker/json-schema) failed: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'Check that the package is installed and, in a browser, that the app can fetch its chunk.',
      cause,
    }),
);

/**
 * Compiles a JSON Schema into a function that returns the issues of a value (none when it is valid), each
 * with the path of the offending value. The schema's draft comes from `$schema` (draft-07, 2019-09 or
 * 2020-12; default 2020-12). Validation is `@cfworker/json-schema`'s: complete (`$ref`, `anyOf`, `pattern`,
 * ranges, formats, …) and free of `eval`, so it runs on edge runtimes. The validator starts loading here;
 * until it has, the function returns a promise, and after, it answers synchronously. The schema is copied:
 * the caller's object is neither changed nor required to be extensible.
 * @internal
 */
export function jsonSchemaValidator(schema: object): (value: unknown) => Issue[] | Promise<Issue[]> {
  const copy: object = structuredClone(schema);
  let check: Check | undefined;
  let compiling: Promise<Check> | undefined;
  const compile = (): Promise<Check> =>
    (compiling ??= loadCompiler().then(
      (module) => (check = module.compileJsonSchema(copy)),
      (error: unknown) => {
        compiling = undefined;
        throw error;
      },
    ));
  // Start now, so that the first call rarely waits; a failure is reported to the call that needs the validator.
  compile().catch(() => undefined);
  return (value) => (check === undefined ? compile().then((ready) => ready(value)) : check(value));
}
