import type * as AuthModule from '@modelcontextprotocol/sdk/client/auth.js';
import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type * as SseModule from '@modelcontextprotocol/sdk/client/sse.js';
import type * as StdioClientModule from '@modelcontextprotocol/sdk/client/stdio.js';
import type * as StreamableHttpModule from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as StdioModule from '@modelcontextprotocol/sdk/shared/stdio.js';
import type * as TypesModule from '@modelcontextprotocol/sdk/types.js';
import type * as CfWorkerModule from '@cfworker/json-schema';
import type crossSpawn from 'cross-spawn';

// The MCP SDK validates every message with zod schemas built when its modules load, which costs more than
// the rest of this package together. Importing `@tandem/mcp` loads none of it: each part is loaded by the
// first operation that needs it (a connection, a stdio process, an OAuth flow), then reused.

/** The SDK client modules every connection needs. @internal */
export interface McpClientSdk {
  readonly client: typeof ClientModule;
  readonly streamableHttp: typeof StreamableHttpModule;
  readonly sse: typeof SseModule;
  readonly types: typeof TypesModule;
  /** `@cfworker/json-schema`: JSON Schema validation with no `eval` (the SDK's default, Ajv, compiles code). */
  readonly jsonSchema: typeof CfWorkerModule;
}

/** What a stdio server process needs. @internal */
export interface McpStdioSdk {
  readonly stdioClient: typeof StdioClientModule;
  readonly stdio: typeof StdioModule;
  readonly types: typeof TypesModule;
  readonly spawn: typeof crossSpawn;
}

let clientSdk: McpClientSdk | undefined;
let clientLoading: Promise<McpClientSdk> | undefined;
let stdioSdk: McpStdioSdk | undefined;
let stdioLoading: Promise<McpStdioSdk> | undefined;
let authLoading: Promise<typeof AuthModule> | undefined;

/** Loads the SDK's client modules (once). @internal */
export function loadClientSdk(): Promise<McpClientSdk> {
  clientLoading ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@cfworker/json-schema'),
  ]).then(([client, streamableHttp, sse, types, jsonSchema]) => (clientSdk = { client, streamableHttp, sse, types, jsonSchema }));
  return clientLoading;
}

/**
 * The client modules if they are loaded, for synchronous checks such as `instanceof`: an error or a
 * transport made by the SDK can only exist once it was loaded.
 * @internal
 */
export function loadedClientSdk(): McpClientSdk | undefined {
  return clientSdk;
}

/** Loads what a stdio server process needs: the SDK's stdio helpers and `cross-spawn` (once). @internal */
export function loadStdioSdk(): Promise<McpStdioSdk> {
  stdioLoading ??= Promise.all([
    importNodeOnly<typeof StdioClientModule>('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/shared/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    importNodeOnly<{ default: typeof crossSpawn }>('cross-spawn'),
  ]).then(([stdioClient, stdio, types, spawn]) => (stdioSdk = { stdioClient, stdio, types, spawn: spawn.default }));
  return stdioLoading;
}

/** The stdio modules, which a started transport has loaded. @internal */
export function stdioSdkLoaded(): McpStdioSdk {
  if (stdioSdk === undefined) throw new Error('The MCP SDK stdio modules are used before the transport was started.');
  return stdioSdk;
}

/** Loads the SDK's OAuth client functions (once). @internal */
export function loadAuthSdk(): Promise<typeof AuthModule> {
  authLoading ??= import('@modelcontextprotocol/sdk/client/auth.js');
  return authLoading;
}

/**
 * Imports a Node-only module (the stdio client, `cross-spawn`) by a specifier bundlers do not follow, so
 * bundling `@tandem/mcp` for a browser or a Worker never pulls `child_process` in. Node, Deno and Bun resolve
 * it from this package as usual.
 */
function importNodeOnly<T>(specifier: string): Promise<T> {
  if ((globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === undefined) {
    return Promise.reject(new TypeError(`getStdioTools() starts a local process, which this runtime cannot; use getHttpTools() with a Streamable HTTP server instead.`));
  }
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier) as Promise<T>;
}
