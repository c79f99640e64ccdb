import type { WebSocketLike } from '@tandem/bidi';

/** What the page side of an {@link InPageSocket} hears from the agent. */
export interface InPageSocketListener {
  text(text: string): void;
  binary(data: ArrayBuffer): void;
  closed(code: number, reason: string): void;
}

/**
 * Both ends of a WebSocket inside the page: `webSocketIO()` of the page's `BidiAgent` gets {@link agentEnd}, and
 * the page talks to it through {@link InPageSocket.fromPage} with the same wire messages it sends a server.
 */
export class InPageSocket {
  readonly agentEnd: WebSocketLike;
  private readonly listeners = { message: new Set<(event: object) => void>(), close: new Set<(event: object) => void>() };
  private readonly state = { open: true };

  constructor(listener: InPageSocketListener) {
    const { listeners, state } = this;
    this.agentEnd = {
      get readyState() {
        return state.open ? 1 : 3;
      },
      bufferedAmount: 0,
      binaryType: 'arraybuffer',
      send(data: string | Uint8Array) {
        if (!state.open) return;
        if (typeof data === 'string') listener.text(data);
        else listener.binary(data.slice().buffer);
      },
      close(code = 1000, reason = '') {
        if (!state.open) return;
        state.open = false;
        listener.closed(code, reason);
        for (const fn of listeners.close) fn({ code, reason });
      },
      addEventListener(type: 'message' | 'close', fn: (event: object) => void) {
        listeners[type].add(fn);
      },
      removeEventListener(type: 'message' | 'close', fn: (event: object) => void) {
        listeners[type].delete(fn);
      },
    };
  }

  /** A frame from the page to the agent: JSON text, or PCM16 microphone audio. */
  fromPage(data: string | ArrayBuffer): boolean {
    if (!this.state.open) return false;
    for (const fn of this.listeners.message) fn({ data });
    return true;
  }

  /** The page hangs up (as closing its WebSocket would). */
  closeFromPage(code: number, reason: string): void {
    if (!this.state.open) return;
    this.state.open = false;
    for (const fn of this.listeners.close) fn({ code, reason });
  }
}
