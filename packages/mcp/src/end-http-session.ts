import { loadedClientSdk } from './mcp-sdk.js';
import type { Connection } from './open-connection.js';

const END_SESSION_TIMEOUT_MS = 1_000;

/** Tells a Streamable HTTP server the session is over (DELETE), giving it at most a second; errors are ignored. @internal */
export async function endHttpSession(connection: Connection): Promise<void> {
  const transport = connection.inner;
  const HttpTransport = loadedClientSdk()?.streamableHttp.StreamableHTTPClientTransport;
  if (HttpTransport === undefined || !(transport instanceof HttpTransport) || transport.sessionId === undefined) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, END_SESSION_TIMEOUT_MS);
  });
  try {
    await Promise.race([transport.terminateSession().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
