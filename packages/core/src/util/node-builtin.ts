import type * as AsyncHooksModule from 'node:async_hooks';
import type * as ChildProcessModule from 'node:child_process';
import type * as CryptoModule from 'node:crypto';
import type * as FsPromisesModule from 'node:fs/promises';
import type * as HttpModule from 'node:http';
import type * as ModuleModule from 'node:module';
import type * as OsModule from 'node:os';
import type * as PathModule from 'node:path';
import type * as ReadlineModule from 'node:readline';
import type * as UrlModule from 'node:url';
import type * as WorkerThreadsModule from 'node:worker_threads';

/**
 * The Node built-in modules Tandem's portable packages may load on a Node-only code path with {@link nodeBuiltin}.
 *
 * @example
 * ```ts
 * type Os = NodeBuiltinModules['node:os'];
 * ```
 *
 * @category Runtime
 */
export interface NodeBuiltinModules {
  'node:async_hooks': typeof AsyncHooksModule;
  'node:child_process': typeof ChildProcessModule;
  'node:crypto': typeof CryptoModule;
  'node:fs/promises': typeof FsPromisesModule;
  'node:http': typeof HttpModule;
  'node:module': typeof ModuleModule;
  'node:os': typeof OsModule;
  'node:path': typeof PathModule;
  'node:readline': typeof ReadlineModule;
  'node:url': typeof UrlModule;
  'node:worker_threads': typeof WorkerThreadsModule;
}

type GetBuiltinModule = (id: string) => unknown;

/**
 * A Node built-in module, loaded on first use with `process.getBuiltinModule()` (Node ≥ 20.16, Deno 2, Bun),
 * or `undefined` in runtimes that have none (browsers, workerd without `nodejs_compat`). A portable package
 * calls this on a Node-only code path instead of importing `node:*` — bundlers never see the import, so its
 * main entry bundles for every runtime.
 *
 * @example
 * ```ts
 * import { nodeBuiltin } from '@tandem/core/runtime';
 * const os = nodeBuiltin('node:os');
 * const cores = os?.availableParallelism() ?? navigator.hardwareConcurrency;
 * ```
 *
 * @category Runtime
 */
export function nodeBuiltin<Id extends keyof NodeBuiltinModules>(id: Id): NodeBuiltinModules[Id] | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process;
  if (typeof runtime?.getBuiltinModule !== 'function') return undefined;
  try {
    return runtime.getBuiltinModule(id) as NodeBuiltinModules[Id] | undefined;
  } catch {
    return undefined;
  }
}

/**
 * Like {@link nodeBuiltin}, but throws a `TypeError` naming the feature when the runtime has no such module.
 *
 * @example
 * ```ts
 * import { requireNodeBuiltin } from '@tandem/core/runtime';
 * const { spawn } = requireNodeBuiltin('node:child_process', 'getStdioTools()');
 * ```
 *
 * @category Runtime
 */
export function requireNodeBuiltin<Id extends keyof NodeBuiltinModules>(id: Id, feature: string): NodeBuiltinModules[Id] {
  const module = nodeBuiltin(id);
  if (module === undefined) {
    throw new TypeError(
      `${feature} needs Node's ${id}, which this runtime does not have (it runs in Node 20.19+, Deno 2 and Bun 1). ` +
        'In a browser or a Cloudflare Worker use the web-standard alternative the docs name for it.',
    );
  }
  return module;
}
