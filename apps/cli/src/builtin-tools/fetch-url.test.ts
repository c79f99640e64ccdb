import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../__fixtures__/call-tool.js';
import { FETCH_URL_MAX_BYTES, fetchUrlTool } from './fetch-url.js';
import { htmlToText } from './html-to-text.js';

let server: Server;
let base: string;
let stalled: (() => void) | undefined;
const closed: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    request.socket.once('close', () => closed.push(request.url ?? ''));
    if (request.url === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<html><head><style>p{}</style><script>x()</script></head><body><h1>Title</h1><p>Fish &amp; chips &#8212; &#x41;</p></body></html>');
    } else if (request.url === '/plain') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('just text');
    } else if (request.url === '/huge') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('z'.repeat(FETCH_URL_MAX_BYTES * 2));
    } else if (request.url === '/missing') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no such page');
    } else {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first part');
      stalled?.();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetch_url', () => {
  it('returns the text of an HTML page, and other text as it is', async () => {
    expect(await callTool(fetchUrlTool(), { url: `${base}/page` })).toBe('Title\nFish & chips — A');
    expect(await callTool(fetchUrlTool(), { url: `${base}/plain` })).toBe('just text');
  });

  it('caps the size of what it reads', async () => {
    const text = (await callTool(fetchUrlTool(), { url: `${base}/huge` })) as string;
    expect(text.length).toBeLessThan(FETCH_URL_MAX_BYTES / 5);
    expect(text).toMatch(/\[page cut at \d+ characters\]$/);
  });

  it('reports an HTTP error status, a non-http URL and a malformed one as errors', async () => {
    await expect(callTool(fetchUrlTool(), { url: `${base}/missing` })).rejects.toThrow(/answered HTTP 404 Not Found: no such page/);
    await expect(callTool(fetchUrlTool(), { url: 'file:///etc/passwd' })).rejects.toThrow(/http\(s\) URLs only/);
    await expect(callTool(fetchUrlTool(), { url: 'not a url' })).rejects.toThrow(/is not a URL/);
  });

  it('stops the download when its signal aborts', async () => {
    const controller = new AbortController();
    const started = new Promise<void>((resolve) => (stalled = resolve));
    const call = callTool(fetchUrlTool(), { url: `${base}/stall` }, controller.signal);
    await started;
    controller.abort(new Error('cancelled by the user'));
    await expect(call).rejects.toThrow(/cancelled by the user/);
    await expect.poll(() => closed.includes('/stall')).toBe(true);
  });
});

describe('htmlToText', () => {
  it('drops comments, scripts and styles and keeps block breaks', () => {
    expect(htmlToText('<!-- c --><div>a</div><div>b<br>c</div><script>no()</script>&unknown; &#99999999;')).toBe('a\nb\nc\n&unknown; &#99999999;');
  });
});
