import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '../node/to-node-handler.js';

/** A loopback `node:http` server around a fetch handler; `close()` ends it (and its open connections). */
export async function serve(handler: (request: Request) => Response | Promise<Response>): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(toNodeHandler(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
