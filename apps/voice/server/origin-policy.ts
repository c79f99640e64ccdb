/** Host names that mean "this machine only" or "every interface". */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '::']);

/**
 * The page origins that may open the WebSocket: the server's own — `http://<host>:<port>`, plus the
 * `localhost`, `127.0.0.1` and `[::1]` forms when bound to a loopback or wildcard address — and `extra`.
 */
export function allowedOrigins(host: string, port: number, extra: readonly string[] = []): ReadonlySet<string> {
  const origins = new Set(extra.map((origin) => origin.toLowerCase()));
  const add = (name: string): void => void origins.add(`http://${name}:${String(port)}`);
  if (LOCAL_HOSTS.has(host) || host.startsWith('127.')) {
    for (const name of ['localhost', '127.0.0.1', '[::1]']) add(name);
  }
  if (host !== '0.0.0.0' && host !== '::') add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return origins;
}

/** True when a WebSocket upgrade's `Origin` header is allowed (a missing one is not: browsers always send it). */
export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  return origin !== undefined && allowed.has(origin.toLowerCase());
}
