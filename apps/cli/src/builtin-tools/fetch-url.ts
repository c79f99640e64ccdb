import { tool } from '@tandem/tools';
import { z } from 'zod';
import { htmlToText } from './html-to-text.js';

/** Most bytes of a response body `fetch_url` reads. */
export const FETCH_URL_MAX_BYTES = 1024 * 1024;
/** Most characters of text `fetch_url` returns. */
export const FETCH_URL_MAX_CHARS = 100_000;
const TIMEOUT_MS = 30_000;

/** Options of {@link fetchUrlTool}. */
export interface FetchUrlOptions {
  /** The `fetch` to use (default the global one). */
  readonly fetch?: typeof fetch;
  /** Gives up after this long (default 30 s). */
  readonly timeoutMs?: number;
}

/**
 * `fetch_url({ url })`: the text of an http(s) page — HTML turned into plain text, other text as it is —
 * reading at most {@link FETCH_URL_MAX_BYTES} and returning at most {@link FETCH_URL_MAX_CHARS}. The call's
 * abort stops the download; an HTTP error status is an error result.
 *
 * @example
 * ```ts
 * const tools = [fetchUrlTool()];
 * ```
 *
 * @category Built-in tools
 */
export function fetchUrlTool(options: FetchUrlOptions = {}) {
  return tool({
    name: 'fetch_url',
    description: 'Fetch an http(s) URL and return the text of the page (HTML converted to plain text; size-capped).',
    input: z.object({ url: z.string().describe('an http:// or https:// URL') }),
    async execute({ url }, { signal }) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new Error(`${url} is not a URL; give an http:// or https:// address.`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`fetch_url fetches http(s) URLs only, not ${parsed.protocol}`);
      const response = await (options.fetch ?? fetch)(parsed, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS)]),
        headers: { accept: 'text/html, text/plain, application/json, */*;q=0.5', 'user-agent': 'tandem-cli (fetch_url)' },
        redirect: 'follow',
      });
      const { bytes, cut } = await readCapped(response, signal);
      const type = response.headers.get('content-type') ?? '';
      const raw = new TextDecoder().decode(bytes);
      if (!response.ok) throw new Error(`${url} answered HTTP ${String(response.status)} ${response.statusText}: ${raw.slice(0, 300)}`);
      const text = /html/i.test(type) || (type === '' && /^\s*<(!doctype|html)/i.test(raw)) ? htmlToText(raw) : raw;
      const shown = text.length > FETCH_URL_MAX_CHARS ? text.slice(0, FETCH_URL_MAX_CHARS) : text;
      return cut || shown.length < text.length ? `${shown}\n[page cut at ${String(shown.length)} characters]` : shown;
    },
  });
}

async function readCapped(response: Response, signal: AbortSignal): Promise<{ bytes: Uint8Array; cut: boolean }> {
  if (response.body === null) return { bytes: new Uint8Array(), cut: false };
  const reader = response.body.getReader();
  const onAbort = (): void => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Uint8Array[] = [];
  let length = 0;
  let cut = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal.throwIfAborted();
      if (done) break;
      chunks.push(value);
      length += value.length;
      if (length >= FETCH_URL_MAX_BYTES) {
        cut = true;
        await reader.cancel();
        break;
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  const bytes = new Uint8Array(Math.min(length, FETCH_URL_MAX_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset === bytes.length) break;
  }
  return { bytes, cut };
}
