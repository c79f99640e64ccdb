import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { ScriptedBidiModel, bidiResponseEvents } from '@tandem/core/testing';
import { BidiAgent } from '../bidi-agent.js';
import type { BidiRunResult } from '../bidi-run-options.js';
import { int16ToPcm16, pcm16ToInt16 } from '../pcm/pcm16-samples.js';
import { webSocketIO } from './web-socket-io.js';
import type { WebSocketLike } from './web-socket-like.js';

// Both the WHATWG WebSocket and the `ws` one satisfy WebSocketLike (checked by the type checker).
const acceptsWhatwg = (socket: globalThis.WebSocket): WebSocketLike => socket;
const acceptsWs = (socket: WebSocket): WebSocketLike => socket;
void acceptsWhatwg;
void acceptsWs;

type Received = { readonly binary: Uint8Array } | { readonly json: { readonly type: string; readonly [key: string]: unknown } };

const servers: WebSocketServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

async function setup(model: ScriptedBidiModel): Promise<{ client: WebSocket; received: Received[]; result: Promise<BidiRunResult> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const result = new Promise<BidiRunResult>((resolve, reject) => {
    server.once('connection', (socket) => {
      const io = webSocketIO(socket, { outputSampleRate: 48_000 });
      new BidiAgent({ model }).run({ inputs: [io], outputs: [io] }).then(resolve, reject);
    });
  });
  const client = new WebSocket(`ws://127.0.0.1:${String((server.address() as AddressInfo).port)}`);
  const received: Received[] = [];
  client.on('message', (data: RawData, isBinary: boolean) => {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    received.push(isBinary ? { binary: new Uint8Array(buffer) } : { json: JSON.parse(buffer.toString('utf8')) as { type: string } });
  });
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve());
    client.once('error', reject);
  });
  return { client, received, result };
}

const ioTurns = { maxTurns: 200_000 };

describe('webSocketIO over a real ws server on loopback', () => {
  it('bridges JSON control messages and binary PCM16 both ways; the client closing ends the conversation', async () => {
    const model = new ScriptedBidiModel({
      onInput: (input) => (input.type === 'text' ? bidiResponseEvents(`Hi! You said ${input.text}`, { responseId: 'r1', audioChunks: 2 }) : undefined),
    });
    const { client, received, result } = await setup(model);
    await model.until(() => received.some((m) => 'json' in m && m.json.type === 'connection-start'), ioTurns);
    expect(received[0]).toEqual({ json: { type: 'audio-format', encoding: 'pcm16le', sampleRate: 48_000, channels: 1 } });
    expect(received.filter((m) => 'json' in m && m.json.type === 'audio-format')).toHaveLength(1);

    const mic = int16ToPcm16(Int16Array.of(1, -2, 300, -400));
    client.send(mic);
    client.send(JSON.stringify({ type: 'text', text: 'hello' }));
    client.send('not json');
    client.send(JSON.stringify({ type: 'dance' }));
    await model.until(() => received.some((m) => 'json' in m && m.json.type === 'response-complete'), ioTurns);
    await model.until(() => received.filter((m) => 'json' in m && m.json.type === 'error').length === 2, ioTurns);

    expect(model.inputs[0]).toEqual({ type: 'audio', data: mic, sampleRate: 16_000 });
    expect(model.inputs[1]).toEqual({ type: 'text', text: 'hello' });
    const frames = received.filter((m): m is { binary: Uint8Array } => 'binary' in m);
    expect(frames).toHaveLength(2);
    // 20 ms at 24 kHz from the model, resampled to the client's 48 kHz.
    expect(frames.every((frame) => pcm16ToInt16(frame.binary).length === 960)).toBe(true);
    const control = received.flatMap((m) => ('json' in m ? [m.json] : []));
    expect(control.find((m) => m.type === 'transcript')).toMatchObject({ role: 'assistant', delta: 'Hi! You said hello', final: false });
    const errors = control.filter((m) => m.type === 'error');
    expect(String(errors[0]?.message)).toContain('Send JSON text frames');
    expect(String(errors[1]?.message)).toContain('Unknown message type "dance"');
    expect(control.every((m) => typeof m.runId === 'string' || m.type === 'audio-format' || m.type === 'error')).toBe(true);

    client.close();
    await expect(result).resolves.toMatchObject({ reason: 'client-disconnect' });
  });

  it('sends connection-close as JSON, then closes the socket with code 1000', async () => {
    const model = new ScriptedBidiModel();
    const { client, received, result } = await setup(model);
    await model.until(() => model.connections.length === 1, ioTurns);
    const closed = new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));
    client.send(JSON.stringify({ type: 'image', mediaType: 'image/png', data: Buffer.from([137, 80, 78, 71]).toString('base64') }));
    await model.until(() => model.inputs.length === 1, ioTurns);
    expect(model.inputs[0]).toEqual({ type: 'image', mediaType: 'image/png', data: new Uint8Array([137, 80, 78, 71]) });
    model.connection.emit({ type: 'error', error: new Error('quota exceeded'), fatal: true });
    await expect(result).resolves.toMatchObject({ reason: 'error' });
    expect(await closed).toBe(1000);
    const control = received.flatMap((m) => ('json' in m ? [m.json] : []));
    expect(control.find((m) => m.type === 'error')).toMatchObject({ fatal: true, error: { name: 'Error', message: 'quota exceeded' } });
    expect(control.at(-1)).toMatchObject({ type: 'connection-close', reason: 'error' });
  });
});
