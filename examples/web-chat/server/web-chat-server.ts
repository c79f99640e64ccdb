import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@tandem/ui/node';
import { chatHandler, type ChatHandlerOptions } from './chat-handler.js';

/** A running example server. */
export interface WebChatServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves the page and the chat API from `node:http` on `host:port` (port 0: any free port). */
export async function startWebChatServer(options: ChatHandlerOptions & { readonly host?: string; readonly port?: number }): Promise<WebChatServer> {
  const server = createServer(toNodeHandler(chatHandler(options)));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
