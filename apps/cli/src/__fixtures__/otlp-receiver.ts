// A loopback OTLP/HTTP collector for the --trace tests: it decodes every export request (OTLP JSON) as a
// collector would and keeps the spans; `stuck` makes it accept requests and never answer.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as OTLP/JSON encodes it. */
export interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly attributes: readonly { readonly key: string; readonly value: { readonly stringValue?: string; readonly intValue?: number | string } }[];
  readonly status?: { readonly code?: number };
}

interface OtlpRequest {
  readonly resourceSpans: readonly {
    readonly resource?: { readonly attributes?: OtlpSpan['attributes'] };
    readonly scopeSpans: readonly { readonly scope?: { readonly name?: string }; readonly spans: readonly OtlpSpan[] }[];
  }[];
}

/** What the receiver got. */
export interface OtlpReceiver extends AsyncDisposable {
  /** The base URL for OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly endpoint: string;
  readonly requests: { readonly path: string; readonly contentType: string | undefined; readonly body: OtlpRequest }[];
  /** Every span received. */
  spans(): OtlpSpan[];
  /** The `service.name` of every resource received. */
  serviceNames(): string[];
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the receiver on a free loopback port. */
export async function startOtlpReceiver(options: { readonly stuck?: boolean } = {}): Promise<OtlpReceiver> {
  const requests: OtlpReceiver['requests'][number][] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      requests.push({ path: request.url ?? '', contentType: request.headers['content-type'], body: JSON.parse(text) as OtlpRequest });
      if (options.stuck === true) held.push(response);
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${String(port)}`,
    requests,
    spans: () => requests.flatMap((request) => request.body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans))),
    serviceNames: () =>
      requests.flatMap((request) =>
        request.body.resourceSpans.map((resource) => resource.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? ''),
      ),
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The value of a span attribute, as a string. */
export function attribute(span: OtlpSpan | undefined, key: string): string | undefined {
  const value = span?.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
}
