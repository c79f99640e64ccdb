import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { FunctionTool } from '@tandem/core';
import { ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from '../bidi-agent.js';
import type { BidiAgentOptions } from '../bidi-agent-options.js';
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

async function setup(
  model: ScriptedBidiModel,
  options: Omit<BidiAgentOptions, 'model'> = {},
): Promise<{ client: WebSocket; received: Received[]; result: Promise<BidiRunResult> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const result = new Promise<BidiRunResult>((resolve, reject) => {
    server.once('connection', (socket) => {
      const io = webSocketIO(socket, { outputSampleRate: 48_000 });
      new BidiAgent({ model, ...options }).run({ inputs: [io], outputs: [io] }).then(resolve, reject);
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
    // 2 × 20 ms at 24 kHz from the model, resampled to the client's 48 kHz as one stream (the filter's
    // tail follows in a last frame when the response completes).
    expect(frames.reduce((n, frame) => n + pcm16ToInt16(frame.binary).length, 0)).toBe(1_920);
    const lastFrame = received.findLastIndex((m) => 'binary' in m);
    expect(received.findIndex((m) => 'json' in m && m.json.type === 'response-complete')).toBeGreaterThan(lastFrame);
    const control = received.flatMap((m) => ('json' in m ? [m.json] : []));
    expect(control.find((m) => m.type === 'transcript')).toMatchObject({ role: 'assistant', delta: 'Hi! You said hello', final: false });
    const errors = control.filter((m) => m.type === 'error');
    expect(String(errors[0]?.message)).toContain('Send JSON text frames');
    expect(String(errors[1]?.message)).toContain('Unknown message type "dance"');
    expect(control.every((m) => typeof m.runId === 'string' || m.type === 'audio-format' || m.type === 'error')).toBe(true);

    client.close();
    await expect(result).resolves.toMatchObject({ reason: 'client-disconnect' });
  });

  it('takes playback reports ({ type: played }): barge-in sends { type: clear } first and truncates where the client was', async () => {
    const model = new ScriptedBidiModel();
    const { client, received, result } = await setup(model);
    await model.until(() => model.connections.length === 1, ioTurns);
    model.connection.emit(...bidiResponseEvents('A long story', { responseId: 'r1', audioChunks: 10, open: true }));
    await model.until(() => received.filter((m) => 'binary' in m).length >= 9, ioTurns);
    client.send(JSON.stringify({ type: 'played', responseId: 'r1', ms: 120 }));
    client.send(JSON.stringify({ type: 'played', responseId: 'r1', ms: -5 })); // refused: not a position
    await model.until(() => received.some((m) => 'json' in m && m.json.type === 'error'), ioTurns);
    model.connection.emit({ type: 'barge-in', responseId: 'r1' });
    await model.until(() => model.connection.truncations.length === 1, ioTurns);
    expect(model.connection.truncations).toEqual([{ responseId: 'r1', playedMs: 120 }]);
    await model.until(() => received.some((m) => 'json' in m && m.json.type === 'barge-in'), ioTurns);
    const types = received.flatMap((m) => ('json' in m ? [m.json.type] : []));
    expect(types.indexOf('clear')).toBe(types.indexOf('barge-in') - 1);
    expect(received.find((m) => 'json' in m && m.json.type === 'error')).toMatchObject({ json: { message: expect.stringContaining('"played" messages need') } });
    client.close();
    await expect(result).resolves.toMatchObject({ reason: 'client-disconnect' });
  });

  it('forwards tool-approval-request and takes { approve } / { deny, reason } answers; a call that is not waiting gets an error reply', async () => {
    const ran: string[] = [];
    const deleteFile: FunctionTool = {
      kind: 'function',
      name: 'delete_file',
      spec: { description: 'Deletes a file.', params: { type: 'object', properties: { path: { type: 'string' } } } },
      needsApproval: true,
      execute: (input) => (ran.push((input as { path: string }).path), 'deleted'),
    };
    const model = new ScriptedBidiModel();
    const { client, received, result } = await setup(model, { tools: [deleteFile] });
    await model.until(() => model.connections.length === 1, ioTurns);
    model.connection.emit(bidiToolGroup([{ name: 'delete_file', id: 'R1', input: { path: '/tmp/a' } }, { name: 'delete_file', id: 'R2', input: { path: '/etc' } }]));
    const json = () => received.flatMap((m) => ('json' in m ? [m.json] : []));
    await model.until(() => json().filter((m) => m.type === 'tool-approval-request').length === 2, ioTurns);
    expect(json().filter((m) => m.type === 'tool-approval-request')).toEqual([
      expect.objectContaining({ groupId: 'group_1', toolCallId: 'R1', toolName: 'delete_file', input: { path: '/tmp/a' } }),
      expect.objectContaining({ toolCallId: 'R2', input: { path: '/etc' } }),
    ]);

    client.send(JSON.stringify({ type: 'approve', toolCallId: 'ghost' }));
    client.send(JSON.stringify({ type: 'deny' }));
    client.send(JSON.stringify({ type: 'deny', toolCallId: 'R2', reason: 42 }));
    client.send(JSON.stringify({ type: 'approve', toolCallId: 'R1' }));
    client.send(JSON.stringify({ type: 'deny', toolCallId: 'R2', reason: 'not the system folder' }));
    await model.until(() => model.toolResultCalls.length === 1, ioTurns);
    expect(ran).toEqual(['/tmp/a']);
    expect(model.toolResultCalls[0]?.map((r) => [r.toolCallId, r.status, r.result])).toEqual([
      ['R1', 'success', 'deleted'],
      ['R2', 'error', 'The user denied this tool call: not the system folder'],
    ]);
    client.send(JSON.stringify({ type: 'approve', toolCallId: 'R1' })); // answered already
    await model.until(() => json().filter((m) => m.type === 'error').length === 4, ioTurns);
    const errors = json().filter((m) => m.type === 'error');
    expect(errors[0]).toMatchObject({ code: 'not-waiting-for-approval', toolCallId: 'ghost', message: expect.stringContaining('No tool call "ghost" is waiting for approval (waiting: R1, R2)') });
    expect(errors[1]).toMatchObject({ message: expect.stringContaining('"deny" messages need the "toolCallId"') });
    expect(errors[2]).toMatchObject({ message: expect.stringContaining('"reason" of a "deny" message must be a string') });
    expect(errors[3]).toMatchObject({ code: 'not-waiting-for-approval', toolCallId: 'R1' });
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

describe('webSocketIO input limits', () => {
  async function flood(options: Parameters<typeof webSocketIO>[1]): Promise<{ client: WebSocket; received: Received[]; model: ScriptedBidiModel; result: Promise<BidiRunResult>; closed: Promise<number>; release: () => void }> {
    // The model takes its first input and does not finish sending it until released: everything else must wait.
    let release: () => void = () => undefined;
    const slow = new Promise<undefined>((resolve) => {
      release = () => resolve(undefined);
    });
    const model = new ScriptedBidiModel({ onInput: () => slow });
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    servers.push(server);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const result = new Promise<BidiRunResult>((resolve, reject) => {
      server.once('connection', (socket) => {
        const io = webSocketIO(socket, options);
        new BidiAgent({ model }).run({ inputs: [io], outputs: [io] }).then(resolve, reject);
      });
    });
    const client = new WebSocket(`ws://127.0.0.1:${String((server.address() as AddressInfo).port)}`);
    const received: Received[] = [];
    client.on('message', (data: RawData, isBinary: boolean) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (!isBinary) received.push({ json: JSON.parse(buffer.toString('utf8')) as { type: string } });
    });
    const closed = new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      client.once('open', () => resolve());
      client.once('error', reject);
    });
    await model.until(() => model.connections.length === 1, ioTurns);
    return { client, received, model, result, closed, release };
  }

  it('bounds queued text: a client flooding 5 KB text frames while the model is slow is refused and disconnected (1008)', async () => {
    const { client, received, model, result, closed, release } = await flood({});
    const text = 'x'.repeat(5 * 1024);
    for (let i = 0; i < 2_000; i++) client.send(JSON.stringify({ type: 'text', text }));
    expect(await closed).toBe(1008);
    const error = received.find((m) => 'json' in m && m.json.type === 'error');
    expect(error).toMatchObject({ json: { type: 'error', code: 'input-overflow' } });
    expect(String(error && 'json' in error ? error.json.message : '')).toMatch(/maxBufferedInputs/);
    expect(model.inputs.length).toBe(1); // the one in flight; the rest waited in the bounded queue
    release();
    await expect(result).resolves.toMatchObject({ reason: 'client-disconnect' });
    expect(model.inputs.length).toBeLessThanOrEqual(2); // at most the one read ahead; what was queued was dropped
  });

  it('drops the oldest queued audio instead of growing, and keeps the connection', async () => {
    const { client, received, model } = await flood({ maxBufferedInputs: 20 });
    const chunk = new Uint8Array(640);
    for (let i = 0; i < 200; i++) client.send(chunk);
    client.send(JSON.stringify({ type: 'end' }));
    await model.settle(50);
    expect(client.readyState).toBe(WebSocket.OPEN);
    expect(received.filter((m) => 'json' in m && m.json.type === 'error')).toEqual([]);
    client.close();
  });

  it('a client that goes away ends the conversation at once, even while the model is still taking input', async () => {
    const { client, model, result } = await flood({});
    client.send(JSON.stringify({ type: 'text', text: 'hello' }));
    await model.until(() => model.inputs.length === 1, ioTurns);
    client.close();
    await expect(result).resolves.toMatchObject({ reason: 'client-disconnect' });
  });

  it('caps the frame size (default 1 MiB): a larger frame closes the socket with 1009; the cap is an option', async () => {
    const big = await flood({});
    big.client.send(JSON.stringify({ type: 'text', text: 'y'.repeat(1024 * 1024 + 1) }));
    expect(await big.closed).toBe(1009);
    expect(big.received.find((m) => 'json' in m && m.json.type === 'error')).toMatchObject({ json: { code: 'frame-too-large' } });
    await expect(big.result).resolves.toMatchObject({ reason: 'client-disconnect' });

    const raised = await flood({ maxFrameBytes: 4 * 1024 * 1024 });
    raised.client.send(JSON.stringify({ type: 'text', text: 'y'.repeat(1024 * 1024 + 1) }));
    await raised.model.until(() => raised.model.inputs.length === 1, ioTurns);
    expect(raised.model.inputs[0]).toMatchObject({ type: 'text' });
    raised.client.close();
    await expect(raised.result).resolves.toMatchObject({ reason: 'client-disconnect' });
  });
});
