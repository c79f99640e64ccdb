import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * What `mcpOAuth()` keeps for one MCP server: the tokens (as the authorization server issued them, plus the
 * `issuer` they are bound to), when the access token expires, and the client registration.
 *
 * @example
 * ```ts
 * const record: McpOAuthRecord = { tokens: { access_token: '…', token_type: 'Bearer' }, expiresAt: Date.now() + 3_600_000 };
 * ```
 *
 * @category OAuth
 */
export interface McpOAuthRecord {
  readonly tokens?: OAuthTokens;
  /** When the access token expires (epoch milliseconds), from the token response's `expires_in`. */
  readonly expiresAt?: number;
  /** The RFC 8707 resource the tokens were issued for (sent again when they are refreshed). */
  readonly resource?: string;
  /** The client registered dynamically, or the client ID metadata document URL used as client ID. */
  readonly clientInformation?: OAuthClientInformationMixed;
}

/**
 * Where `mcpOAuth()` keeps tokens and client registrations, one {@link McpOAuthRecord} per MCP server URL.
 * Memory by default ({@link memoryTokenStorage}); {@link fileTokenStorage} persists to a 0600 file.
 * Implement it to use a keychain or a database. The records hold secrets: never log them.
 *
 * @example
 * ```ts
 * const storage: McpOAuthStorage = fileTokenStorage(`${os.homedir()}/.my-app/mcp-tokens.json`);
 * await storage.remove('https://mcp.example.com/mcp'); // sign out of one server
 * ```
 *
 * @category OAuth
 */
export interface McpOAuthStorage {
  /** The record kept for `server` (the MCP server URL), if any. */
  load(server: string): Promise<McpOAuthRecord | undefined>;
  /** Replaces the record kept for `server`. */
  save(server: string, record: McpOAuthRecord): Promise<void>;
  /** Forgets `server` (tokens and registration). */
  remove(server: string): Promise<void>;
}

/**
 * A {@link McpOAuthStorage} in memory: tokens live as long as the process (or the storage object). The
 * default of `mcpOAuth()`; share one between providers to share their tokens.
 *
 * @example
 * ```ts
 * const storage = memoryTokenStorage();
 * const auth = mcpOAuth({ storage });
 * ```
 *
 * @category OAuth
 */
export function memoryTokenStorage(): McpOAuthStorage {
  const records = new Map<string, McpOAuthRecord>();
  return {
    load: (server) => Promise.resolve(records.get(server)),
    save: (server, record) => {
      records.set(server, record);
      return Promise.resolve();
    },
    remove: (server) => {
      records.delete(server);
      return Promise.resolve();
    },
  };
}
