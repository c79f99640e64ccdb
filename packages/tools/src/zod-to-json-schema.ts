import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

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
  // registered by the application (`.describe()`, `.meta()`) is seen.
  const core = createRequire(import.meta.url)(fileURLToPath(url)) as { toJSONSchema?: unknown };
  if (typeof core.toJSONSchema !== 'function') {
    throw new TypeError(`${label}: the installed zod has no toJSONSchema(); @tandem/tools needs zod ^3.25 (its zod/v4) or zod ^4.`);
  }
  return core.toJSONSchema as ToJSONSchema;
}
