import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { requireNodeBuiltin } from '@tandem/core/runtime';
import type { AddressInfo } from 'node:net';
import { McpOAuthError, McpOAuthTimeoutError } from '../errors/mcp-oauth-error.js';

/** What the authorization server sent back to the redirect URL. @internal */
export type RedirectResult = ({ readonly code: string } | { readonly error: string; readonly description?: string }) & {
  /** The RFC 9207 `iss` parameter, when the authorization server sent one. */
  readonly iss?: string;
};

/** Options of {@link LoopbackRedirect.open}. @internal */
export interface LoopbackRedirectOptions {
  /** `http://127.0.0.1:<port>/<path>` (or `localhost`, `[::1]`); port 0 picks a free port. */
  readonly redirectUrl: URL;
  /** A port to try first when `redirectUrl` has none (the one a stored client was registered with). */
  readonly preferredPort?: number;
  /** The MCP server's display name, for errors. */
  readonly server: string;
}

const PAGE = (title: string, text: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p></body></html>`;

/**
 * The loopback listener of the authorization code flow (RFC 8252 §7.3): an HTTP server bound to the
 * loopback interface only, answering on one path, that hands back the `code` of the first redirect whose
 * `state` matches. Redirects with another state are refused (400) and ignored. Closed after use, on abort
 * and on timeout.
 * @internal
 */
export class LoopbackRedirect {
  /** The redirect URL with the actual port. */
  readonly url: URL;
  private expectedState: string | undefined;
  private settle: ((result: RedirectResult) => void) | undefined;
  private early: RedirectResult | undefined;
  private closed = false;

  private constructor(
    private readonly server: Server,
    url: URL,
  ) {
    this.url = url;
  }

  /** Starts listening; resolves once the port is bound. */
  static async open(options: LoopbackRedirectOptions): Promise<LoopbackRedirect> {
    const { redirectUrl } = options;
    const host = loopbackHost(redirectUrl, options.server);
    // node:http is loaded here (not imported): only the browser-redirect flow needs it.
    const server = requireNodeBuiltin('node:http', 'mcpOAuth() with a loopback redirect').createServer();
    const requested = redirectUrl.port === '' ? undefined : Number(redirectUrl.port);
    let port: number;
    try {
      port = await listen(server, host, requested ?? options.preferredPort ?? 0);
    } catch (error) {
      if (requested !== undefined || options.preferredPort === undefined) {
        server.close();
        throw new McpOAuthError({
          code: 'MCP_OAUTH_INVALID_OPTIONS',
          server: options.server,
          message: `Could not listen for the authorization redirect on ${redirectUrl.href}: ${(error as Error).message}. Choose another \`redirectUrl\` port, or leave it out to use a free one.`,
        });
      }
      port = await listen(server, host, 0);
    }
    const url = new URL(redirectUrl.href);
    url.port = String(port);
    const listener = new LoopbackRedirect(server, url);
    server.on('request', (request, response) => listener.handle(request, response));
    return listener;
  }

  /** Sets the `state` the next redirect must carry (a fresh one per authorization request). */
  expect(state: string): void {
    this.expectedState = state;
    this.early = undefined;
  }

  /**
   * Waits for the redirect with the expected state, at most `timeoutMs`. Rejects with an
   * {@link McpOAuthTimeoutError} on timeout and with the signal's reason on abort; closes the listener either way.
   */
  wait(options: { readonly signal?: AbortSignal; readonly timeoutMs: number; readonly server: string }): Promise<RedirectResult> {
    const { signal, timeoutMs } = options;
    return new Promise<RedirectResult>((resolve, reject) => {
      const cleanup = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.settle = undefined;
      };
      const onAbort = (): void => {
        cleanup();
        this.close();
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        cleanup();
        this.close();
        reject(new McpOAuthTimeoutError({ server: options.server, redirectUrl: this.url.href, timeoutMs }));
      }, timeoutMs);
      if (signal?.aborted === true) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.settle = (result) => {
        cleanup();
        resolve(result);
      };
      if (this.early !== undefined) this.settle(this.early);
    });
  }

  /** Stops listening and drops open connections. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.server.close();
    this.server.closeAllConnections();
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    response.setHeader('Connection', 'close');
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    const url = new URL(request.url ?? '/', this.url);
    if (request.method !== 'GET' || url.pathname !== this.url.pathname) {
      response.writeHead(404).end(PAGE('Not found', 'This address only receives the authorization redirect.'));
      return;
    }
    const state = url.searchParams.get('state');
    if (this.expectedState === undefined || state !== this.expectedState) {
      response
        .writeHead(400)
        .end(PAGE('Authorization not accepted', 'This redirect does not belong to the sign-in in progress (its state does not match). It was ignored.'));
      return;
    }
    const code = url.searchParams.get('code');
    const error = url.searchParams.get('error');
    const iss = url.searchParams.get('iss');
    const issuer = iss === null ? {} : { iss };
    let result: RedirectResult;
    if (code !== null && code !== '') {
      result = { code, ...issuer };
      response.writeHead(200).end(PAGE('Signed in', 'The application is authorized. You can close this tab.'));
    } else {
      const description = url.searchParams.get('error_description') ?? undefined;
      result = { error: error ?? 'invalid_request', ...(description === undefined ? {} : { description }), ...issuer };
      response.writeHead(400).end(PAGE('Authorization failed', 'The application was not authorized. You can close this tab.'));
    }
    this.expectedState = undefined; // one redirect per state
    if (this.settle !== undefined) this.settle(result);
    else this.early = result;
  }
}

function loopbackHost(url: URL, server: string): string {
  const host = url.hostname;
  if (url.protocol === 'http:' && (host === '127.0.0.1' || host === 'localhost')) return '127.0.0.1';
  if (url.protocol === 'http:' && host === '[::1]') return '::1';
  throw new McpOAuthError({
    code: 'MCP_OAUTH_INVALID_OPTIONS',
    server,
    message: `The redirect URL ${url.href} is not a loopback http URL. Use http://127.0.0.1:<port>/<path> (or leave \`redirectUrl\` out for a free port).`,
  });
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
