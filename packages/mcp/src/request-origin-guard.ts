import type { IncomingMessage } from 'node:http';

/** Hostnames that always mean this machine. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Checks the `Host` and `Origin` headers of requests to a served MCP endpoint against allow-lists — the
 * DNS-rebinding protection the MCP transport rules ask of local servers: a web page whose domain was
 * rebound to 127.0.0.1 sends its own name as `Host` and its own `Origin`, and is refused.
 *
 * By default the allowed hosts are the loopback names (`localhost`, `127.0.0.1`, `[::1]`) and the bound
 * host, each with the bound port; the allowed origins are `http://` + each of those. A request without
 * `Origin` (any non-browser client) passes the origin check. `extraHosts` entries are `name:port` or a
 * bare `name` (any port); `'*'` in either list turns that check off.
 * @internal
 */
export class RequestOriginGuard {
  private readonly hosts: ReadonlySet<string>;
  private readonly anyPortHosts: ReadonlySet<string>;
  private readonly origins: ReadonlySet<string>;
  private readonly anyHost: boolean;
  private readonly anyOrigin: boolean;

  constructor(options: {
    readonly boundHost: string;
    readonly port: number;
    readonly extraHosts?: readonly string[];
    readonly extraOrigins?: readonly string[];
  }) {
    const bound = bracketed(options.boundHost.toLowerCase());
    const names = [...new Set([...LOOPBACK_NAMES, bound])];
    const hosts = new Set(names.map((name) => `${name}:${options.port}`));
    const anyPortHosts = new Set<string>();
    for (const entry of options.extraHosts ?? []) {
      const { name, port } = splitHost(entry.toLowerCase());
      if (port === undefined) anyPortHosts.add(name);
      else hosts.add(`${name}:${port}`);
    }
    this.hosts = hosts;
    this.anyPortHosts = anyPortHosts;
    this.origins = new Set([...[...hosts].map((host) => `http://${host}`), ...(options.extraOrigins ?? []).map(normalizeOrigin)]);
    this.anyHost = options.extraHosts?.includes('*') === true;
    this.anyOrigin = options.extraOrigins?.includes('*') === true;
  }

  /** Why the request must be refused (for a 403 body), or `undefined` when it may proceed. */
  check(request: IncomingMessage): string | undefined {
    const host = request.headers.host?.toLowerCase();
    if (!this.anyHost && (host === undefined || !this.hostAllowed(host))) {
      return `Host "${host ?? ''}" is not allowed. Connect through ${[...this.hosts][0]}, or add the name to allowedHosts.`;
    }
    const origin = request.headers.origin;
    if (!this.anyOrigin && origin !== undefined && !this.origins.has(normalizeOrigin(origin))) {
      return `Origin "${origin}" is not allowed. Add it to allowedOrigins to let that web page call this server.`;
    }
    return undefined;
  }

  private hostAllowed(host: string): boolean {
    if (this.hosts.has(host)) return true;
    return this.anyPortHosts.has(splitHost(host).name);
  }
}

/** `name[:port]`, IPv6 literals in brackets. */
function splitHost(value: string): { name: string; port: string | undefined } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(value);
  return match === null ? { name: value, port: undefined } : { name: match[1] ?? value, port: match[2] };
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function normalizeOrigin(origin: string): string {
  return origin.trim().toLowerCase().replace(/\/+$/, '');
}
