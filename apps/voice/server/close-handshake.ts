import type { WebSocket } from 'ws';

/**
 * Resolves once `socket` has finished its closing handshake, or after `graceMs` — a page that never
 * answers the close frame must not hold a shutdown. Terminating a socket before the page's reply frame
 * arrives makes the page see code 1006 ("connection lost") instead of the code the server sent.
 *
 * @example
 * ```ts
 * socket.close(1001, 'server shutting down');
 * await closeHandshake(socket, 1_000);
 * socket.terminate();
 * ```
 */
export function closeHandshake(socket: WebSocket, graceMs: number): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      socket.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, graceMs);
    timer.unref();
    socket.on('close', done);
  });
}
