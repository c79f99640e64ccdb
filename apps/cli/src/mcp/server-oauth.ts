import { join } from 'node:path';
import { fileTokenStorage, mcpOAuth, type McpOAuthProvider, type McpOAuthStorage } from '@tandem/mcp';
import type { HttpServerConfig } from '../config/config-schema.js';
import { tandemHome } from '../home/tandem-home.js';
import { openBrowser } from './open-browser.js';

/** The file of the CLI's MCP sign-ins (tokens and client registrations), inside the tandem home folder. */
export const MCP_TOKENS_FILE = 'mcp-tokens.json';

/** Where the CLI keeps MCP sign-ins: `~/.tandem/mcp-tokens.json`. @example `mcpTokensPath()` */
export function mcpTokensPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(tandemHome(env), MCP_TOKENS_FILE);
}

/**
 * The CLI's MCP sign-ins: one JSON file, mode 0600 in a 0700 folder, one record per server URL.
 *
 * @example
 * ```ts
 * await cliTokenStorage().remove(tokenKey('https://mcp.example.com/mcp'));
 * ```
 */
export function cliTokenStorage(env: NodeJS.ProcessEnv = process.env): McpOAuthStorage {
  return fileTokenStorage(mcpTokensPath(env));
}

/** The key a server's sign-in is stored under: its URL without fragment. @example `tokenKey('https://x.example/mcp')` */
export function tokenKey(url: string): string {
  const key = new URL(url);
  key.hash = '';
  return key.href;
}

/** Options of {@link serverOAuth}. */
export interface ServerOAuthOptions {
  readonly storage: McpOAuthStorage;
  /** Where the sign-in page is announced (default: stderr). */
  readonly write?: (text: string) => void;
  /** Opens the page (default: the platform's browser, when there is one). */
  readonly open?: (url: string) => boolean;
  /** Called when a person has to sign in. */
  readonly onSignIn?: () => void;
}

/**
 * Whether the CLI handles OAuth for a remote server: always with an `auth` entry; without one, unless the
 * entry sends its own `Authorization` header (then a 401 is reported as it is).
 *
 * @example
 * ```ts
 * usesOAuth({ url: 'https://mcp.example.com/mcp' }); // true
 * ```
 */
export function usesOAuth(server: HttpServerConfig): boolean {
  if (server.auth !== undefined) return true;
  return !Object.keys(server.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * `mcpOAuth()` for one remote server of the CLI: the entry's `auth` settings, the CLI's token file, and
 * a sign-in page that is printed to stderr and opened in the browser where there is one.
 *
 * @example
 * ```ts
 * const auth = serverOAuth('notion', server, { storage: cliTokenStorage() });
 * await using tools = await getHttpTools(server.url, { auth });
 * ```
 */
export function serverOAuth(name: string, server: HttpServerConfig, options: ServerOAuthOptions): McpOAuthProvider {
  const write = options.write ?? ((text: string) => process.stderr.write(text));
  const open = options.open ?? ((url: string) => openBrowser(url));
  const auth = server.auth ?? {};
  return mcpOAuth({
    ...(auth.clientId === undefined ? {} : { clientId: auth.clientId }),
    ...(auth.clientSecret === undefined ? {} : { clientSecret: auth.clientSecret }),
    ...(auth.grantType === undefined ? {} : { grantType: auth.grantType }),
    ...(auth.scope === undefined ? {} : { scope: auth.scope }),
    ...(auth.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: auth.clientMetadataUrl }),
    ...(auth.redirectUrl === undefined ? {} : { redirectUrl: auth.redirectUrl }),
    clientName: 'Tandem CLI',
    storage: options.storage,
    onAuthorizationUrl: (url) => {
      options.onSignIn?.();
      const opened = open(url.href);
      write(
        `\nMCP server "${name}" asks you to sign in. ${opened ? 'A browser window was opened; if it did not appear, open' : 'Open'} this URL in a browser on this machine:\n\n  ${url.href}\n\nWaiting for the sign-in to finish (Ctrl-C gives up)…\n`,
      );
    },
  });
}
