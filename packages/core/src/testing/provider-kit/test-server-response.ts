import type { SseEvent } from './sse-fixture.js';
import type { CapturedRequest } from './captured-request.js';

/**
 * How a streamed response ends:
 * - `'end'` — the response completes normally;
 * - `'destroy'` — the socket is destroyed after the last chunk (a connection cut mid-stream);
 * - `'stall'` — nothing more is sent and the response stays open until the client closes the socket
 *   (e.g. by aborting) or the server closes.
 *
 * @category Provider contract kit
 */
export type StreamEnding = 'end' | 'destroy' | 'stall';

/**
 * Fields shared by every scripted response.
 *
 * @category Provider contract kit
 */
export interface ResponseBase {
  /** HTTP status (default 200). */
  readonly status?: number;
  /** Extra response headers, e.g. `{ 'retry-after': '3' }`. */
  readonly headers?: { readonly [name: string]: string };
}

/**
 * A `text/event-stream` response made of events.
 *
 * @category Provider contract kit
 */
export interface SseResponse extends ResponseBase {
  readonly type: 'sse';
  readonly events: readonly SseEvent[];
  /** Write the encoded byte stream in pieces of this many bytes (default: one write per event). */
  readonly writeChunkSize?: number;
  readonly ending?: StreamEnding;
}

/**
 * A JSON response (`application/json`), for non-streaming calls and error bodies.
 *
 * @category Provider contract kit
 */
export interface JsonResponse extends ResponseBase {
  readonly type: 'json';
  /** Serialized with `JSON.stringify`; a string is sent as it is (e.g. a malformed body). */
  readonly body: unknown;
}

/**
 * A raw response: arbitrary text or binary chunks (e.g. a binary event stream), written in order.
 *
 * @category Provider contract kit
 */
export interface RawResponse extends ResponseBase {
  readonly type: 'raw';
  readonly chunks: readonly (string | Uint8Array)[];
  readonly ending?: StreamEnding;
}

/**
 * A scripted response, or a function computing one from the captured request.
 *
 * @category Provider contract kit
 */
export type TestServerResponse =
  | SseResponse
  | JsonResponse
  | RawResponse
  | ((request: CapturedRequest) => SseResponse | JsonResponse | RawResponse);
