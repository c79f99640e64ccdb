import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { WebSocketServer } from 'ws';
import { BidiAgent, twilioMediaStreamIO, type BidiAgentInput, type BidiEvent, type WebSocketLike } from '@tandem/bidi';
import { sleep, type FunctionTool } from '@tandem/core';
import { pcm16Silence } from '@tandem/core/testing';
import { chooseVoiceModel } from '@tandem/voice-app/voice-model';
import type { BenchConfig } from '../config.js';
import { single, type Cell, type Metric } from '../results.js';
import { quantile } from '../stats.js';

const run = promisify(execFile);
const section = '12. Phone bridge (Twilio Media Streams)';

/** A socket that only records: the bridge's own cost, with no network in the way. */
function fakeSocket(): WebSocketLike & { deliver(data: string): void; sent: number } {
  const listeners = new Map<string, ((event: object) => void)[]>();
  return {
    readyState: 1,
    sent: 0,
    send() {
      this.sent++;
    },
    close() {},
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    removeEventListener() {},
    deliver(data: string) {
      for (const listener of listeners.get('message') ?? []) listener({ data });
    },
  };
}

/** Per 20 ms frame: caller → agent (JSON, base64, μ-law decode, queue, read) and agent → caller (resample 24 → 8 kHz, μ-law, base64, media + mark). */
async function frameLatency(frames: number): Promise<{ inbound: number[]; outbound: number[] }> {
  const socket = fakeSocket();
  const io = twilioMediaStreamIO(socket);
  const input = io as BidiAgentInput;
  io.start?.({ reportPlayed() {} } as unknown as BidiAgent);
  socket.deliver(JSON.stringify({ event: 'start', start: { streamSid: 'MZbench', callSid: 'CAbench', accountSid: 'AC', tracks: ['inbound'], customParameters: {}, mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 } } }));
  const payload = Buffer.from(Uint8Array.from({ length: 160 }, (_, i) => (i * 37) & 0xff)).toString('base64');
  const signal = new AbortController().signal;
  const inbound: number[] = [];
  const outbound: number[] = [];
  const audio = pcm16Silence(20, 24_000).map((_, i) => (i * 131) & 0xff);
  for (let frame = 0; frame < frames; frame++) {
    const message = JSON.stringify({ event: 'media', sequenceNumber: String(frame + 2), media: { track: 'inbound', chunk: String(frame + 1), timestamp: String(frame * 20), payload }, streamSid: 'MZbench' });
    let t = performance.now();
    socket.deliver(message);
    await input.read(signal);
    inbound.push(performance.now() - t);
    const event = { type: 'audio', responseId: 'r1', data: audio, sampleRate: 24_000, channels: 1, runId: 'bench', timeMs: 0 } as unknown as BidiEvent;
    t = performance.now();
    await io.write(event);
    outbound.push(performance.now() - t);
  }
  return { inbound, outbound };
}

const timer: FunctionTool = {
  kind: 'function',
  name: 'set_timer',
  spec: { description: 'Start a timer and report when it finishes.', params: { type: 'object', properties: { seconds: { type: 'number' } }, required: ['seconds'] } },
  async execute(input, ctx) {
    await sleep((input as { seconds: number }).seconds * 1000, ctx.signal);
    return 'Your timer has finished.';
  },
};

/** N calls at once on one phone server (the demo voice model, tone speech) for `seconds`: the server's CPU time. */
async function concurrentCalls(calls: number, seconds: number): Promise<{ cpuMs: number; wallMs: number; media: number }> {
  const { model } = await chooseVoiceModel({ VOICE_MODEL: 'demo', VOICE_SPEECH: 'tone' });
  const http = createServer();
  const sockets = new WebSocketServer({ server: http, path: '/media' });
  const agents: Promise<unknown>[] = [];
  sockets.on('connection', (socket) => {
    const agent = new BidiAgent({ model, tools: [timer] });
    const io = twilioMediaStreamIO(socket, { onDtmf: () => void agent.send('set_timer seconds=1').catch(() => undefined) });
    agents.push(agent.run({ inputs: [io], outputs: [io] }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const url = `ws://127.0.0.1:${String((http.address() as AddressInfo).port)}/media`;
  const script = fileURLToPath(new URL('./phone-callers.mjs', import.meta.url));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { stdout } = await run(process.execPath, [script, url, String(calls), String(seconds)], { maxBuffer: 1 << 20 });
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  await Promise.all(agents);
  sockets.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  const { media } = JSON.parse(stdout.trim()) as { media: number };
  return { cpuMs: (used.user + used.system) / 1000, wallMs, media };
}

/** Workload 12: what the phone bridge adds per 20 ms frame, and how many concurrent calls one core carries. */
export async function phoneBridge(config: BenchConfig): Promise<Metric[]> {
  const frames = config.quick ? 200 : 20_000;
  const calls = config.quick ? 3 : 50;
  const seconds = config.quick ? 2 : 10;
  const cells = { inP99: new Map<string, Cell>(), outP99: new Map<string, Cell>(), cpu: new Map<string, Cell>(), perCore: new Map<string, Cell>() };
  try {
    await frameLatency(Math.min(frames, 2_000)); // warm-up
    const { inbound, outbound } = await frameLatency(frames);
    inbound.sort((a, b) => a - b);
    outbound.sort((a, b) => a - b);
    cells.inP99.set('tandem', single(quantile(inbound, 0.99), `p50 ${quantile(inbound, 0.5).toFixed(4)} ms, ${frames} frames`));
    cells.outP99.set('tandem', single(quantile(outbound, 0.99), `p50 ${quantile(outbound, 0.5).toFixed(4)} ms, ${frames} frames`));
    const load = await concurrentCalls(calls, seconds);
    const cores = load.cpuMs / load.wallMs;
    cells.cpu.set('tandem', single(load.cpuMs / calls / (load.wallMs / 1000), `${calls} calls × ${seconds} s, ${load.media} media messages out`));
    cells.perCore.set('tandem', single(calls / cores, `${calls} calls used ${cores.toFixed(2)} cores`));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    for (const map of Object.values(cells)) if (!map.has('tandem')) map.set('tandem', { kind: 'error', reason });
  }
  return [
    { section, name: 'caller → agent, per 20 ms frame: p99', unit: 'ms', better: 'lower', digits: 4, cells: cells.inP99, ratios: false },
    { section, name: 'agent → caller, per 20 ms frame: p99', unit: 'ms', better: 'lower', digits: 4, cells: cells.outP99, ratios: false },
    { section, name: 'server CPU per call (demo voice model, caller streaming in real time)', unit: 'ms CPU/s', better: 'lower', digits: 2, cells: cells.cpu, ratios: false },
    { section, name: 'concurrent calls per core', unit: 'calls', better: 'higher', digits: 0, cells: cells.perCore, ratios: false },
  ];
}
