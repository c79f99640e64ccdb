// A loopback HTTP/2 server speaking Bedrock's InvokeModelWithBidirectionalStream the way the AWS SDK sees it:
// `POST /model/{modelId}/invoke-with-bidirectional-stream`, request and response bodies of binary AWS
// event-stream frames (@smithy/eventstream-codec). Request frames are the SDK's signed envelopes
// (`:date`, `:chunk-signature`) around a `chunk` event whose JSON payload `{"bytes": base64}` holds the Nova
// Sonic input event; response frames are `chunk` events the same way, or modeled exceptions
// (`:message-type: exception`). Like Bedrock, it sends the response headers only with its first output.
// Test-only.
import http2, { type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { NovaWireEvent } from './nova-sonic-output.js';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** An input event as the server received it: `{ event: { "<name>": {…} } }`. */
export interface ReceivedNovaEvent {
  readonly event: { readonly [name: string]: { readonly [key: string]: unknown } };
}

/** The name of a received event, e.g. `contentStart`. */
export const eventName = (received: ReceivedNovaEvent): string => Object.keys(received.event)[0] ?? '';

/** One bidirectional stream, seen from the server. */
export class NovaServerStream {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly received: ReceivedNovaEvent[] = [];
  /** Headers of the outer (signed) frames the SDK sent. */
  readonly envelopeHeaders: string[][] = [];
  /** Resolves when the client ended its request body (after `sessionEnd`) or reset the stream. */
  readonly inputEnded: Promise<void>;
  /** Resolves when the stream is closed either way. */
  readonly closed: Promise<void>;
  /** End the response when `sessionEnd` arrives (what Bedrock does); false plays a stuck peer. */
  endOnSessionEnd = true;
  /** Called for every received event (scripted conversations answer from here). */
  onEvent: ((event: ReceivedNovaEvent, stream: NovaServerStream) => void) | undefined;
  private readonly stream: ServerHttp2Stream;
  private respondedHeaders = false;
  private waiters: { readonly test: () => boolean; readonly resolve: () => void }[] = [];
  private buffer = Buffer.alloc(0);

  constructor(stream: ServerHttp2Stream, headers: IncomingHttpHeaders) {
    this.stream = stream;
    this.headers = headers;
    this.path = String(headers[':path']);
    this.inputEnded = new Promise((resolve) => {
      stream.once('end', resolve);
      stream.once('close', resolve);
    });
    this.closed = new Promise((resolve) => stream.once('close', resolve));
    stream.on('data', (data: Buffer) => this.onData(data));
    stream.on('error', () => undefined);
    stream.resume();
  }

  /** The `promptName` the client chose (from its `promptStart`). */
  get promptName(): string {
    const start = this.received.find((e) => eventName(e) === 'promptStart');
    return String(start?.event['promptStart']?.['promptName'] ?? 'unknown');
  }

  /** Received events of one name. */
  named(name: string): { readonly [key: string]: unknown }[] {
    return this.received.filter((e) => eventName(e) === name).map((e) => e.event[name]!);
  }

  /** Resolves once `test(received)` holds (checked on every received event). */
  waitFor(test: (received: readonly ReceivedNovaEvent[]) => boolean): Promise<void> {
    if (test(this.received)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test: () => test(this.received), resolve }));
  }

  /** Resolves once `count` events named `name` arrived. */
  waitForEvents(name: string, count = 1): Promise<void> {
    return this.waitFor(() => this.named(name).length >= count);
  }

  /** Writes output events (wrapped as `{ "event": … }` chunks) in one write, so they arrive together. */
  send(...events: readonly NovaWireEvent[]): void {
    this.write(events.map((event) => chunkFrame(new TextEncoder().encode(JSON.stringify({ event })))));
  }

  /** Writes a `chunk` whose bytes are given as is (e.g. not JSON). */
  sendBytes(bytes: Uint8Array): void {
    this.write([chunkFrame(bytes)]);
  }

  /** Writes an event of a type the API model does not have. */
  sendUnknownStreamEvent(eventType: string): void {
    this.write([
      codec.encode({
        headers: {
          ':event-type': { type: 'string', value: eventType },
          ':content-type': { type: 'string', value: 'application/json' },
          ':message-type': { type: 'string', value: 'event' },
        },
        body: fromUtf8('{}'),
      }),
    ]);
  }

  /** Sends a modeled exception inside the stream (e.g. `modelTimeoutException`) and ends the response. */
  fail(exceptionType: string, message: string): void {
    this.write([
      codec.encode({
        headers: {
          ':exception-type': { type: 'string', value: exceptionType },
          ':content-type': { type: 'string', value: 'application/json' },
          ':message-type': { type: 'string', value: 'exception' },
        },
        body: fromUtf8(JSON.stringify({ message })),
      }),
    ]);
    this.end();
  }

  /** Refuses the stream with an HTTP error, the way Bedrock reports `AccessDeniedException` and friends. */
  reject(status: number, errorType: string, message: string): void {
    this.respondedHeaders = true;
    this.stream.respond({ ':status': status, 'content-type': 'application/json', 'x-amzn-errortype': `${errorType}:http://internal.amazon.com/coral/com.amazon.bedrock/` });
    this.stream.end(JSON.stringify({ message }));
  }

  /** Resets the HTTP/2 stream (`RST_STREAM` with INTERNAL_ERROR) after the response started. */
  reset(): void {
    this.respond();
    this.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
  }

  /** Sends GOAWAY on the session and closes it (the stream goes with it). */
  goAway(): void {
    this.respond();
    this.stream.session?.goaway(http2.constants.NGHTTP2_INTERNAL_ERROR, 0);
    this.stream.session?.destroy();
  }

  /** Drops the session without a GOAWAY (as a lost connection does). */
  drop(): void {
    this.respond();
    this.stream.session?.destroy();
  }

  /** Ends the response normally. */
  end(): void {
    if (this.stream.closed || this.stream.destroyed) return;
    this.respond();
    this.stream.end();
  }

  private write(frames: readonly Uint8Array[]): void {
    if (this.stream.closed || this.stream.destroyed) return;
    this.respond();
    this.stream.write(Buffer.concat(frames));
  }

  private respond(): void {
    if (this.respondedHeaders) return;
    this.respondedHeaders = true;
    this.stream.respond({ ':status': 200, 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'req-nova-1' });
  }

  private onData(data: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, data]);
    while (this.buffer.length >= 4) {
      const length = this.buffer.readUInt32BE(0);
      if (this.buffer.length < length) break;
      const envelope = codec.decode(this.buffer.subarray(0, length));
      this.buffer = this.buffer.subarray(length);
      this.envelopeHeaders.push(Object.keys(envelope.headers));
      if (envelope.body.byteLength === 0) continue; // the signed empty frame that ends the SDK's input
      const inner = codec.decode(envelope.body);
      const payload = JSON.parse(toUtf8(inner.body)) as { bytes: string };
      const event = JSON.parse(Buffer.from(payload.bytes, 'base64').toString('utf8')) as ReceivedNovaEvent;
      this.received.push(event);
      this.onEvent?.(event, this);
      if (eventName(event) === 'sessionEnd' && this.endOnSessionEnd) this.end();
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test()) return true;
        waiter.resolve();
        return false;
      });
    }
  }
}

function chunkFrame(bytes: Uint8Array): Uint8Array {
  return codec.encode({
    headers: {
      ':event-type': { type: 'string', value: 'chunk' },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify({ bytes: Buffer.from(bytes).toString('base64') })),
  });
}

/** The loopback server; every request becomes a {@link NovaServerStream}. */
export class NovaSonicTestServer {
  readonly streams: NovaServerStream[] = [];
  /** Set up each new stream before its first event is read (e.g. attach a script). */
  onStream: ((stream: NovaServerStream) => void) | undefined;
  private readonly server: http2.Http2Server;
  private readonly sessions = new Set<http2.ServerHttp2Session>();
  private waiters: { readonly index: number; readonly resolve: (stream: NovaServerStream) => void }[] = [];
  private taken = 0;

  private constructor(server: http2.Http2Server) {
    this.server = server;
    server.on('session', (session) => {
      this.sessions.add(session);
      session.on('close', () => this.sessions.delete(session));
      session.on('error', () => undefined);
    });
    server.on('stream', (stream, headers) => {
      const novaStream = new NovaServerStream(stream, headers);
      this.onStream?.(novaStream);
      this.streams.push(novaStream);
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.index >= this.streams.length) return true;
        waiter.resolve(this.streams[waiter.index]!);
        return false;
      });
    });
  }

  static async start(): Promise<NovaSonicTestServer> {
    const server = http2.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new NovaSonicTestServer(server);
  }

  get url(): string {
    return `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}`;
  }

  /** The next stream not yet returned by this method (waits for it to arrive). */
  nextStream(): Promise<NovaServerStream> {
    const index = this.taken++;
    const stream = this.streams[index];
    if (stream !== undefined) return Promise.resolve(stream);
    return new Promise((resolve) => this.waiters.push({ index, resolve }));
  }

  async close(): Promise<void> {
    for (const session of this.sessions) session.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
