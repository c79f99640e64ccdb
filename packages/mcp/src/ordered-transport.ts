import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

type Delivery = { readonly kind: 'message'; readonly message: JSONRPCMessage; readonly extra?: MessageExtraInfo } | { readonly kind: 'close' };

/**
 * Wraps a transport so that incoming messages (and the final close) are delivered one per macrotask, in
 * arrival order. The SDK handles notifications a microtask later than responses, so without this a
 * progress notification that arrives in the same chunk as its response is dropped; here the last
 * progress notification of a call is always seen before the call resolves.
 * @internal
 */
export class OrderedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  /** The wrapped transport. */
  readonly inner: Transport;
  private readonly queue: Delivery[] = [];
  private draining = false;

  constructor(inner: Transport) {
    this.inner = inner;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.enqueue({ kind: 'message', message, extra });
    this.inner.onclose = () => this.enqueue({ kind: 'close' });
    this.inner.onerror = (error) => this.onerror?.(error);
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private enqueue(delivery: Delivery): void {
    this.queue.push(delivery);
    if (this.draining) return;
    this.draining = true;
    nextMacrotask(() => this.drainOne());
  }

  private drainOne(): void {
    const delivery = this.queue.shift();
    if (delivery !== undefined) {
      if (delivery.kind === 'message') this.onmessage?.(delivery.message, delivery.extra);
      else this.onclose?.();
    }
    if (this.queue.length === 0) {
      this.draining = false;
      return;
    }
    nextMacrotask(() => this.drainOne());
  }
}

/** `setImmediate` where the runtime has it (Node, Bun, Deno), else `setTimeout(…, 0)` (browsers, workerd). */
function nextMacrotask(fn: () => void): void {
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  if (immediate !== undefined) immediate(fn);
  else setTimeout(fn, 0);
}
