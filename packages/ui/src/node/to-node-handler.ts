import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * A `node:http` request listener: the fetch handler answers a `Request` built from the incoming message, and its
 * `Response` is written back as it streams. When the client disconnects, the request's `signal` aborts and the
 * response body is cancelled (which cancels the run of a non-resumable stream).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { toNodeHandler } from '@tandem/ui/node';
 *
 * createServer(toNodeHandler((request) => toUIMessageStreamResponse(agent.run(model, 'Hi')))).listen(3000);
 * ```
 *
 * @category Node
 */
export function toNodeHandler(handler: (request: Request) => Response | Promise<Response>): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const controller = new AbortController();
    const onClose = (): void => {
      if (!res.writableFinished) controller.abort(new Error('The client disconnected.'));
    };
    res.on('close', onClose);
    try {
      const response = await handler(toRequest(req, controller.signal));
      await writeResponse(response, res, controller.signal);
    } catch (error) {
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Internal Server Error');
      } else {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    } finally {
      res.off('close', onClose);
    }
  };
}

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const host = req.headers.host ?? 'localhost';
  const url = new URL(req.url ?? '/', `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

async function writeResponse(response: Response, res: ServerResponse, signal: AbortSignal): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText !== '') res.statusMessage = response.statusText;
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (response.body === null) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const onAbort = (): void => {
    reader.cancel(signal.reason).catch(() => undefined);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      if (!res.write(next.value)) await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
      if (signal.aborted) break;
    }
    res.end();
  } catch {
    if (!res.destroyed) res.destroy();
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
