// A connection made directly (not by `openai.realtime(id).connect()`, which loads the event parser first)
// keeps the messages that arrive while the parser loads, and handles them in order once it has.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { OpenAIRealtimeConnection } from './openai-realtime-connection.js';
import { loadedRealtimeEventParser } from './realtime-event-parser.js';
import type { RealtimeSocket } from './realtime-socket.js';

class FakeSocket extends EventEmitter implements RealtimeSocket {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 1;
  send(_data: string, callback: (error?: Error) => void): void {
    callback();
  }
  close(code = 1000): void {
    this.readyState = 3;
    this.emit('close', code, Buffer.from(''));
  }
}

describe('OpenAIRealtimeConnection made directly', () => {
  it('handles the messages that arrive before its event parser has loaded, in order', async () => {
    expect(loadedRealtimeEventParser()).toBeUndefined();
    const socket = new FakeSocket();
    const connection = new OpenAIRealtimeConnection(socket, { url: 'wss://example.test/v1/realtime', sampleRate: 24_000, secrets: [] });
    const serverError = (message: string) => Buffer.from(JSON.stringify({ type: 'error', event_id: 'e', error: { type: 'invalid_request_error', message } }));
    socket.emit('message', serverError('first'));
    socket.emit('message', serverError('second'));
    const messages: string[] = [];
    for await (const event of connection.events()) {
      if (event.type === 'error') messages.push(event.error instanceof Error ? event.error.message : String(event.error));
      if (messages.length === 2) break;
    }
    expect(messages).toEqual(['OpenAI Realtime error: first', 'OpenAI Realtime error: second']);
    expect(loadedRealtimeEventParser()).toBeDefined();
    await connection.close();
  });
});
