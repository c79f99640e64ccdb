// The loopback OAuth-protected MCP server of @tandem/mcp's own tests (an authorization server with
// metadata, registration, PKCE, refresh and client_credentials in front of a protected MCP endpoint that
// serves `whoami`), reused here. It is a test fixture of that package, not an export: it is loaded by
// path, and only the part of its interface these tests use is declared.
import { fileURLToPath } from 'node:url';

/** A request the fixture server received. */
export interface RecordedOAuthRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
}

/** The fixture server's behaviour switches used here. */
export interface OAuthServerSettings {
  grantTypes: string[];
  clientId: string;
  clientSecret: string;
}

/** The running fixture server. */
export interface OAuthServer {
  readonly baseUrl: string;
  readonly mcpUrl: string;
  readonly requests: RecordedOAuthRequest[];
  readonly settings: OAuthServerSettings;
  /** Every access and refresh token issued (to check none leaks). */
  readonly issued: string[];
  stop(): Promise<void>;
}

const FIXTURE = fileURLToPath(new URL('../../../../packages/mcp/src/__fixtures__/oauth-server.ts', import.meta.url));

/** Starts the fixture server on a free loopback port. */
export async function startOAuthServer(overrides: Partial<OAuthServerSettings> = {}): Promise<OAuthServer> {
  const module = (await import(/* @vite-ignore */ FIXTURE)) as { startOAuthServer(overrides: Partial<OAuthServerSettings>): Promise<OAuthServer> };
  return module.startOAuthServer(overrides);
}

/** A headless "browser": opens the authorization page and follows its redirect to the CLI's listener. */
export async function followAuthorization(url: string): Promise<number> {
  const page = await fetch(url, { redirect: 'follow' });
  await page.text();
  return page.status;
}

/** The authorization URL the CLI printed on stderr, if it did. */
export function printedAuthorizationUrl(stderr: string): string | undefined {
  return /^ {2}(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m.exec(stderr)?.[1];
}
