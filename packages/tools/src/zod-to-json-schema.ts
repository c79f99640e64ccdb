import { nodeBuiltin } from '@tandem/core/runtime';

type ToJSONSchema = (schema: unknown, params: { target: 'draft-7'; io: 'input' }) => unknown;

let loaded: ToJSONSchema | undefined;

/**
 * zod's own converter, for zod schemas that cannot describe themselves (zod 4.0/4.1, `zod/mini`, and the
 * `zod/v4` schemas of zod 3.25; zod ≥ 4.2 classic schemas implement Standard JSON Schema instead). zod is an
 * optional peer of this package, so it is loaded here — synchronously, on first use, from the zod the
 * application installed (the same module instance its schemas come from) — and never at import time.
 * @internal
 */
export function zodJsonSchemaConverter(label: string): (schema: unknown) => unknown {
  const toJSONSchema = (loaded ??= loadToJSONSchema(label));
  return (schema) => toJSONSchema(schema, { target: 'draft-7', io: 'input' });
}

function loadToJSONSchema(label: string): ToJSONSchema {
  let url: string;
  try {
    url = import.meta.resolve('zod/v4/core');
  } catch (error) {
    throw new TypeError(`${label}: the input is a zod schema, but the "zod" package cannot be found from @tandem/tools. Install zod (npm install zod).`, {
      cause: error,
    });
  }
  // require() of an ES module (Node ≥ 20.19) returns the instance `import` already loaded, so schema metadata
  // registered by the application (`.describe()`, `.meta()`) is seen. Browsers and Workers have no require():
  // there zod ≥ 4.2 schemas describe themselves (Standard JSON Schema) and this path is never taken.
  const module = nodeBuiltin('node:module');
  const urls = nodeBuiltin('node:url');
  if (module === undefined || urls === undefined) {
    throw new TypeError(`${label}: this zod schema cannot describe itself as JSON Schema in this runtime; upgrade zod to ^4.2 (its schemas implement Standard JSON Schema) or pass the \`jsonSchema\` option.`);
  }
  const core = module.createRequire(import.meta.url)(urls.fileURLToPath(url)) as { toJSONSchema?: unknown };
  if (typeof core.toJSONSchema !== 'function') {
    throw new TypeError(`${label}: the installed zod has no toJSONSchema(); @tandem/tools needs zod ^3.25 (its zod/v4) or zod ^4.`);
  }
  return core.toJSONSchema as ToJSONSchema;
}
