import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { serveTools, type ServedTools } from '@tandem/mcp/server';
import { tool } from '@tandem/tools';
import { z } from 'zod';

/** The Chat Completions stream the loopback OpenAI server answers with (the vendor's documented chunks). */
export const PROVIDER_TEXT = 'Hello from the loopback server.';
/** The key the program gives `createOpenAI()`. */
export const PROVIDER_API_KEY = 'sk-loopback-test';

function chunk(delta: object, finishReason: string | null, usage: object | null = null, choices = true): string {
  const body = {
    id: 'chatcmpl-loopback',
    object: 'chat.completion.chunk',
    created: 1764400000,
    model: 'gpt-loopback',
    choices: choices ? [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] : [],
    usage,
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/** What the loopback OpenAI server saw, for assertions (the API key arrives as a bearer token). */
export interface ProviderHits {
  readonly authorizations: string[];
  /** Paths of the bundle chunks the page fetched beside a bundle's entry (those it loaded on demand). */
  readonly chunks: string[];
}

function serveOpenAI(hits: ProviderHits) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    for await (const _part of request) {
      // the body is not needed
    }
    hits.authorizations.push(request.headers.authorization ?? '');
    // The key given to createOpenAI() must arrive as a bearer token (else the program's provider check fails).
    if (request.headers.authorization !== `Bearer ${PROVIDER_API_KEY}`) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(chunk({ role: 'assistant', content: '' }, null));
    response.write(chunk({ content: 'Hello from the ' }, null));
    response.write(chunk({ content: 'loopback server.' }, null));
    response.write(chunk({}, 'stop'));
    response.write(chunk({}, null, { prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 }, false));
    response.end('data: [DONE]\n\n');
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Forwards a request to another loopback server (so the browser page reaches every server from one origin). */
function proxy(target: URL, request: IncomingMessage, response: ServerResponse): void {
  const headers = { ...request.headers, host: target.host };
  delete headers.origin;
  delete headers.referer;
  const upstream = httpRequest({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  upstream.on('error', (error) => {
    if (!response.headersSent) response.writeHead(502);
    response.end(String(error));
  });
  request.pipe(upstream);
}

export interface LoopbackServers extends AsyncDisposable {
  /** For Deno, Bun and workerd: each server on its own port. */
  readonly direct: { readonly openaiBaseURL: string; readonly mcpUrl: string };
  /** For the browser: one origin that serves the page and bundle and forwards to the others. */
  readonly page: { readonly origin: string; readonly openaiBaseURL: string; readonly mcpUrl: string };
  readonly hits: ProviderHits;
  /** Serves `file` as `/bundles/<name>.js` of the page origin, and the chunks beside it; returns its URL. */
  serveBundle(name: string, file: string): string;
}

/** Starts the loopback OpenAI server, `serveTools` over Streamable HTTP, and the browser page server. */
export async function startLoopbackServers(): Promise<LoopbackServers> {
  const hits: ProviderHits = { authorizations: [], chunks: [] };
  const openaiServer = createServer((request, response) => void serveOpenAI(hits)(request, response));
  const openaiPort = await listen(openaiServer);
  const add = tool({
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }) => ({ sum: a + b }),
  });
  const served: ServedTools = await serveTools([add], { transport: { port: 0, host: '127.0.0.1' } });
  const mcpUrl = served.url;
  if (mcpUrl === undefined) throw new Error('serveTools() gave no URL');
  const bundles = new Map<string, string>();
  // A chunk a bundle imports sits beside it: `/bundles/<chunk>.js` is looked up in the bundles' folders.
  const chunkDirs = new Set<string>();
  const chunkFile = (path: string): string | undefined => {
    const name = /^\/bundles\/([\w.-]+\.js)$/.exec(path)?.[1];
    if (name === undefined) return undefined;
    for (const folder of chunkDirs) if (existsSync(join(folder, name))) return join(folder, name);
    return undefined;
  };
  const pageServer = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    if (path.startsWith('/v1/')) return proxy(new URL(`http://127.0.0.1:${String(openaiPort)}`), request, response);
    if (path === mcpUrl.pathname) return proxy(mcpUrl, request, response);
    const bundleFile = bundles.get(path) ?? chunkFile(path);
    if (bundleFile !== undefined) {
      if (!bundles.has(path)) hits.chunks.push(path);
      void readFile(bundleFile).then(
        (body) => {
          response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
          response.end(body);
        },
        (error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        },
      );
      return;
    }
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><meta charset="utf-8"><title>tandem runtimes</title>');
      return;
    }
    response.writeHead(404);
    response.end();
  });
  const pagePort = await listen(pageServer);
  const origin = `http://127.0.0.1:${String(pagePort)}`;
  const close = (server: Server): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    direct: { openaiBaseURL: `http://127.0.0.1:${String(openaiPort)}/v1`, mcpUrl: mcpUrl.href },
    page: { origin, openaiBaseURL: `${origin}/v1`, mcpUrl: `${origin}${mcpUrl.pathname}` },
    hits,
    serveBundle(name, file) {
      bundles.set(`/bundles/${name}.js`, file);
      chunkDirs.add(dirname(file));
      return `${origin}/bundles/${name}.js`;
    },
    async [Symbol.asyncDispose]() {
      await Promise.all([close(openaiServer), close(pageServer), served.close()]);
    },
  };
}
