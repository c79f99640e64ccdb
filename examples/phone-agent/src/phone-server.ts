import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { BidiAgent, twilioMediaStreamIO, type TwilioStreamStart } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import type { BidiModel } from '@tandem/core/spec';
import { phoneTools } from './phone-tools.js';
import { streamTwiml } from './twiml.js';
import twilio from 'twilio';

/** Options of {@link startPhoneServer}. */
export interface PhoneServerOptions {
  readonly model: BidiModel;
  readonly tools?: readonly FunctionTool[];
  readonly system?: string;
  /** Default 127.0.0.1 (put a tunnel or proxy in front; Twilio needs a public https/wss address). */
  readonly host?: string;
  /** Default 8788; 0 picks a free port. */
  readonly port?: number;
  /**
   * The public base URL Twilio reaches this server at (e.g. `https://abc.ngrok.app`). Without it the stream URL is
   * built from the request's `Host` (and `X-Forwarded-Proto`).
   */
  readonly publicUrl?: string;
  /** With the account's auth token, every webhook and stream request must carry a valid `X-Twilio-Signature`. */
  readonly twilioAuthToken?: string;
  /** Called when a call's stream starts. */
  readonly onCall?: (start: TwilioStreamStart) => void;
  /**
   * What a key press says to the agent (e.g. `{ '1': 'set_timer seconds=5' }` for the offline demo model, which only
   * understands typed turns). Keys not in the map reach the model as `"[dtmf 5]"`.
   */
  readonly keypad?: { readonly [digit: string]: string };
}

/** A running phone server. */
export interface PhoneServer {
  /** `http://host:port` it listens on. */
  readonly url: string;
  /** Ends every call (each conversation ends `user-request`), then stops listening. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

/** Keys for the offline demo model, which understands typed turns only. */
export const OFFLINE_KEYPAD: { readonly [digit: string]: string } = { '1': 'set_timer seconds=5', '2': 'set_timer seconds=30', '9': 'end_call' };
const SYSTEM = 'You are a friendly phone assistant. Keep answers short: the caller hears you through a phone. You can set timers and hang up.';

/**
 * Twilio's voice webhook (`POST /twiml`, answered with `<Connect><Stream>`) and the Media Stream WebSocket
 * (`/media`), one `BidiAgent` per call.
 */
export async function startPhoneServer(options: PhoneServerOptions): Promise<PhoneServer> {
  const agents = new Set<BidiAgent>();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  const server = createServer((request, response) => void answer(request, response, options));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== '/media' || !signed(options, publicBase(request, options) + (request.url ?? ''), new URLSearchParams(), request)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      const agent = new BidiAgent({ model: options.model, tools: [...(options.tools ?? phoneTools)], system: options.system ?? SYSTEM });
      const keypad = options.keypad ?? {};
      const io = twilioMediaStreamIO(ws, {
        ...(options.onCall === undefined ? {} : { onStart: options.onCall }),
        onDtmf: (digit) => void agent.send(keypad[digit] ?? `[dtmf ${digit}]`).catch(() => undefined),
      });
      agents.add(agent);
      agent.run({ inputs: [io], outputs: [io] }).then(
        () => agents.delete(agent),
        (error: unknown) => {
          agents.delete(agent);
          process.stderr.write(`A call ended with an error: ${error instanceof Error ? error.message : String(error)}\n`);
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8788, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${String(address.port)}`,
    async close(): Promise<void> {
      await Promise.all([...agents].map((agent) => agent.stop()));
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The https base URL Twilio used for this request. */
function publicBase(request: IncomingMessage, options: PhoneServerOptions): string {
  if (options.publicUrl !== undefined) return options.publicUrl.replace(/\/+$/, '');
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() ?? 'http';
  return `${proto}://${request.headers.host ?? 'localhost'}`;
}

function signed(options: PhoneServerOptions, url: string, params: URLSearchParams, request: IncomingMessage): boolean {
  if (options.twilioAuthToken === undefined) return true;
  const header = request.headers['x-twilio-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  if (signature === undefined) return false;
  return twilio.validateRequest(options.twilioAuthToken, signature, url, Object.fromEntries(params));
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function answer(request: IncomingMessage, response: ServerResponse, options: PhoneServerOptions): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (path !== '/twiml') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Point your Twilio number\'s voice webhook at POST /twiml.\n');
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('Twilio calls this webhook with POST.\n');
    return;
  }
  const form = await readForm(request);
  if (form === undefined) {
    response.writeHead(413, { 'content-type': 'text/plain' }).end('Request body too large.\n');
    return;
  }
  const base = publicBase(request, options);
  if (!signed(options, base + (request.url ?? ''), form, request)) {
    response.writeHead(403, { 'content-type': 'text/plain' }).end('Invalid X-Twilio-Signature.\n');
    return;
  }
  const streamUrl = base.replace(/^http/, 'ws') + '/media';
  const parameters: { [name: string]: string } = {};
  for (const name of ['From', 'To', 'CallSid']) {
    const value = form.get(name);
    if (value !== null) parameters[name.charAt(0).toLowerCase() + name.slice(1)] = value;
  }
  response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(streamTwiml({ streamUrl, parameters }));
}
