import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Agent } from '@tandem/core';
import { fromUIMessages, InvalidUIMessagesError, resumable, type UIMessageLike } from '@tandem/ui';
import type { ModelChoice } from './choose-model.js';
import { chatTools, type ChatToolsOptions } from './tools.js';

/** What {@link chatHandler} serves. */
export interface ChatHandlerOptions {
  readonly model: ModelChoice;
  /** The built page (`vite build` output). */
  readonly webRoot: string;
  readonly tools?: ChatToolsOptions;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/**
 * The example's fetch handler: `POST /api/chat` runs the agent on what `useChat` sends and streams the run back
 * (resumable, so a reload continues it); `GET /api/chat/:id/stream` resumes; `DELETE /api/chat/:id/stream` stops
 * the run; `GET /api/info` names the model; everything else is the built page.
 */
export function chatHandler(options: ChatHandlerOptions): (request: Request) => Promise<Response> {
  const agent = new Agent({
    system: 'You are a helpful assistant in a web chat. Use the tools when they help.',
    tools: chatTools(options.tools),
  });
  const streams = resumable();
  return async (request) => {
    const url = new URL(request.url);
    const resume = /^\/api\/chat\/([^/]+)\/stream$/.exec(url.pathname);
    if (resume !== null) {
      const id = decodeURIComponent(resume[1] ?? '');
      if (request.method === 'DELETE') return new Response(null, { status: (await streams.cancel(id)) ? 204 : 404 });
      return streams.resume(id);
    }
    if (url.pathname === '/api/info') return Response.json({ model: options.model.label });
    if (url.pathname === '/api/chat' && request.method === 'POST') {
      const body = (await request.json()) as { id?: unknown; messages?: UIMessageLike[] };
      if (typeof body.id !== 'string' || body.id === '') return new Response('The body needs the chat id (useChat sends it).', { status: 400 });
      let messages;
      try {
        messages = fromUIMessages(body.messages ?? []);
      } catch (error) {
        if (InvalidUIMessagesError.isInstance(error)) return new Response(error.message, { status: 400 });
        throw error;
      }
      // A call that needs approval ends the run as an interruption; the page's answer comes back as a new request.
      const run = agent.run(options.model.model, messages, { approvals: 'interrupt' });
      return streams.toUIMessageStreamResponse(run, { id: body.id, originalMessages: body.messages ?? [], onError: (error) => (error instanceof Error ? error.message : String(error)) });
    }
    if (request.method !== 'GET') return new Response('Not found', { status: 404 });
    return staticFile(options.webRoot, url.pathname);
  };
}

async function staticFile(root: string, pathname: string): Promise<Response> {
  const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
  const file = path.resolve(root, relative);
  if (!file.startsWith(path.resolve(root) + path.sep)) return new Response('Not found', { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(body, { headers: { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' } });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
