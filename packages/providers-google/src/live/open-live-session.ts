import type { LiveConnectConfig, Session } from '@google/genai';
import type { Clock } from '@tandem/core';
import { APICallError, InvalidResponseDataError } from '@tandem/core/spec';
import { redactSecrets } from '@tandem/provider-utils';
import type { LiveSetupConfig } from './build-live-setup.js';

/** Where a Live session's traffic goes once it is open. @internal */
export interface LiveSessionEvents {
  /** A server message (JSON object) after `setupComplete`, in order. */
  message(message: unknown): void;
  /** A frame that is not a JSON object; the SDK never sees it. */
  malformed(error: InvalidResponseDataError): void;
  /** The socket closed after the setup completed. */
  closed(code: number, reason: string): void;
}

/** What {@link openLiveSession} needs. @internal */
export interface OpenLiveSessionOptions {
  readonly apiKey: string;
  /** Server root without the version, e.g. `https://generativelanguage.googleapis.com`. */
  readonly baseUrl: string;
  /** API version segment, e.g. `v1beta`. */
  readonly apiVersion: string;
  readonly headers: { readonly [name: string]: string };
  readonly model: string;
  readonly config: LiveSetupConfig;
  /**
   * Fields of the `setup` message the SDK does not convert from its config (e.g. `historyConfig`, which it
   * types but drops): merged into the `setup` message as it is sent.
   */
  readonly setupExtras?: { readonly [field: string]: unknown };
  readonly signal?: AbortSignal;
  readonly timeoutMs: number;
  /** Drives the setup timeout. */
  readonly clock: Clock;
  readonly events: LiveSessionEvents;
}

/** The parts of the SDK's socket seam that are used (`Live.webSocketFactory`). */
interface SdkSocket {
  send(message: string): void;
  close(): void;
}
interface SdkSocketCallbacks {
  readonly onmessage: (event: { readonly data: unknown }) => void;
}
interface SdkSocketFactory {
  create(url: string, headers: Record<string, string>, callbacks: SdkSocketCallbacks): SdkSocket;
}

/**
 * Opens a Gemini Live session with `@google/genai`'s `live.connect()` and resolves once the server
 * answered the `setup` message with `setupComplete`.
 *
 * The SDK alone would wait forever when the socket fails before `setupComplete` (a refused upgrade, a
 * close during setup) and would throw an unhandled rejection on a frame that is not JSON. So: socket
 * errors and closes during setup reject with `APICallError` (HTTP status or close code, retryable when
 * worth retrying); a setup that takes longer than `timeoutMs` rejects with a retryable `APICallError`;
 * aborting rejects with `signal.reason`; in every case the socket is closed. Frames that are not JSON
 * objects are caught at the SDK's socket factory (a documented-by-code seam of `Live`) and reported
 * through `events.malformed` instead. The API key never appears in errors. @internal
 */
export async function openLiveSession(options: OpenLiveSessionOptions): Promise<Session> {
  const { signal, events } = options;
  signal?.throwIfAborted();
  const { GoogleGenAI } = await import('@google/genai');
  signal?.throwIfAborted();
  const ai = new GoogleGenAI({
    apiKey: options.apiKey,
    httpOptions: { baseUrl: options.baseUrl, apiVersion: options.apiVersion, headers: { ...options.headers } },
  });
  const socket = guardSocket(ai.live, events.malformed, options.setupExtras ?? {});
  const url = liveEndpoint(options.baseUrl, options.apiVersion);
  const secrets = [options.apiKey];

  return new Promise<Session>((resolve, reject) => {
    let settled = false;
    let socketError: string | undefined;
    const finish = (): void => {
      settled = true;
      options.clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const fail = (error: unknown): void => {
      if (settled) return;
      finish();
      socket.close();
      reject(error);
    };
    const onAbort = (): void => fail(signal?.reason);
    const timer = options.clock.setTimeout(() => {
      fail(
        new APICallError({
          message: `Gemini Live did not confirm the session setup within ${String(options.timeoutMs)} ms. Check the baseURL, or raise connectTimeoutMs.`,
          url,
          isRetryable: true,
        }),
      );
    }, options.timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    ai.live
      .connect({
        model: options.model,
        // Our typed mirror of the SDK's config (string literals instead of the SDK's enums).
        config: options.config as unknown as LiveConnectConfig,
        callbacks: {
          onmessage: (message) => events.message(message),
          onerror: (event: { readonly message?: unknown }) => {
            socketError = typeof event.message === 'string' ? event.message : undefined;
          },
          onclose: (event: { readonly code: number; readonly reason: string }) => {
            if (settled) events.closed(event.code, String(event.reason));
            else fail(setupError(event.code, String(event.reason), socketError, url, secrets));
          },
        },
      })
      .then(
        (session) => {
          if (settled) {
            session.close();
            return;
          }
          finish();
          resolve(session);
        },
        (error: unknown) => fail(error instanceof Error ? new Error(redactSecrets(error.message, secrets), { cause: error }) : error),
      );
  });
}

/** The Live WebSocket endpoint the SDK opens (without the `?key=` query, so it can go into errors). @internal */
export function liveEndpoint(baseUrl: string, apiVersion: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/ws/google.ai.generativelanguage.${apiVersion}.GenerativeService.BidiGenerateContent`;
}

/** Wraps the SDK's socket factory: remembers the socket (to close it on failure) and screens frames. */
function guardSocket(live: object, malformed: (error: InvalidResponseDataError) => void, setupExtras: { readonly [field: string]: unknown }): { close(): void } {
  const holder = live as { webSocketFactory?: SdkSocketFactory };
  const inner = holder.webSocketFactory;
  let socket: SdkSocket | undefined;
  if (inner === undefined || typeof inner.create !== 'function') return { close: () => undefined };
  holder.webSocketFactory = {
    create(url, headers, callbacks) {
      socket = inner.create(url, headers, {
        ...callbacks,
        onmessage: (event) => {
          const problem = frameProblem(event.data);
          if (problem === undefined) callbacks.onmessage(event);
          else malformed(problem);
        },
      });
      if (Object.keys(setupExtras).length > 0) {
        const created = socket;
        const send = created.send.bind(created);
        created.send = (message: string) => send(withSetupExtras(message, setupExtras));
      }
      return socket;
    },
  };
  return {
    close: () => {
      try {
        socket?.close();
      } catch {
        // not connected yet: nothing to close
      }
    },
  };
}

/** The SDK's `setup` message with `extras` merged in; other messages unchanged. */
function withSetupExtras(message: string, extras: { readonly [field: string]: unknown }): string {
  if (!message.startsWith('{"setup"')) return message;
  const parsed = JSON.parse(message) as { setup: { [field: string]: unknown } };
  return JSON.stringify({ ...parsed, setup: { ...parsed.setup, ...extras } });
}

function frameProblem(data: unknown): InvalidResponseDataError | undefined {
  let text: string;
  if (typeof data === 'string') text = data;
  else if (data instanceof Uint8Array || data instanceof ArrayBuffer) text = new TextDecoder().decode(data); // Node's Buffer is a Uint8Array
  else return undefined; // a Blob (browsers): the SDK reads it asynchronously
  try {
    const json = JSON.parse(text) as unknown;
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) return undefined;
  } catch (cause) {
    return new InvalidResponseDataError({ message: `Gemini Live sent a frame that is not JSON: ${clip(text)}`, data: text, cause });
  }
  return new InvalidResponseDataError({ message: `Gemini Live sent a frame that is not a JSON object: ${clip(text)}`, data: text });
}

function setupError(code: number, reason: string, socketError: string | undefined, url: string, secrets: readonly string[]): APICallError {
  const status = /Unexpected server response: (\d{3})/.exec(socketError ?? '')?.[1];
  if (status !== undefined) {
    const statusCode = Number(status);
    return new APICallError({
      message: `Gemini Live refused the WebSocket connection with HTTP ${status}.${statusCode === 401 || statusCode === 403 ? ' Check the API key.' : statusCode === 404 ? ' Check the baseURL and the API version.' : ''}`,
      url,
      statusCode,
    });
  }
  const retryable = [1001, 1006, 1011, 1012, 1013, 1014].includes(code);
  const detail = reason !== '' ? reason : (socketError ?? 'no reason given');
  const hint = code === 1007 ? ' Check the model id and the session settings.' : code === 1008 ? ' Check the API key and quota.' : '';
  return new APICallError({
    message: redactSecrets(`Gemini Live closed the connection during setup (close code ${String(code)}: ${detail}).${hint}`, secrets),
    url,
    isRetryable: retryable,
  });
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
