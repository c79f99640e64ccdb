// Emulated delivery modes, typed-turn support, turn detection and stream failures on the loopback HTTP/2 server.
import { APICallError, type BidiConnection, type BidiModelEvent, type ToolResult } from '@tandem/core/spec';
import { RealtimeUnsupportedError } from '@tandem/provider-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NovaCompletion } from '../test-utils/nova-sonic-output.js';
import { eventName, NovaSonicTestServer, type NovaServerStream } from '../test-utils/nova-sonic-server.js';
import { novaSonicModel, take } from '../test-utils/nova-sonic-kit.js';

let server: NovaSonicTestServer;
let connection: BidiConnection | undefined;
beforeEach(async () => {
  server = await NovaSonicTestServer.start();
});
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  await server.close();
});

const NOVA2 = 'amazon.nova-2-sonic-v1:0';
const result = (toolCallId: string): ToolResult => ({ toolCallId, toolName: 'timer', status: 'success', isError: false, result: 'set', modelInput: { type: 'text', value: 'set' } });
/** What the client sent after the opening events, by event name (audioInput included). */
const sentNames = (stream: NovaServerStream, from: number) => stream.received.slice(from).map(eventName);
/** A marker through the same input queue: once the server has it, everything sent before it arrived too. */
async function marker(connection: BidiConnection, stream: NovaServerStream): Promise<void> {
  const count = stream.named('audioInput').length;
  await connection.send({ type: 'audio', data: new Uint8Array(2), sampleRate: 16_000 });
  await stream.waitFor(() => stream.named('audioInput').length > count);
}

/** Connects; the model makes call `c1`, then starts speaking (a response in progress). */
async function speakingAfterCall(modelId = NOVA2) {
  connection = await novaSonicModel(server.url, {}, modelId).connect({ tools: [], messages: [] });
  const stream = await server.nextStream();
  const events = connection.events()[Symbol.asyncIterator]();
  const first = new NovaCompletion(stream.promptName, 'cmp-call');
  stream.send(...first.start(), ...first.toolUse('c1', 'timer', { seconds: 5 }));
  await take(events, (e) => e.type === 'tool-group');
  const talk = new NovaCompletion(stream.promptName, 'cmp-talk');
  const audio = talk.audioBlock([new Uint8Array([1, 0])], null);
  stream.send(...talk.start(), ...audio);
  await take(events, (e) => e.type === 'audio');
  return { connection, stream, events, talk, audio, opened: stream.received.length };
}

describe('bedrock.novaSonic emulated delivery', () => {
  it('when-idle: held while the model speaks, sent once its response ended', async () => {
    const { connection, stream, events, talk, audio, opened } = await speakingAfterCall();
    await connection.sendToolResults([result('c1')], { delivery: 'when-idle' }); // accepted at once
    await marker(connection, stream);
    expect(sentNames(stream, opened)).toEqual(['audioInput']);
    stream.send(...talk.contentEnd(audio, 'END_TURN'), ...talk.end());
    await take(events, (e) => e.type === 'response-end');
    await stream.waitFor(() => stream.named('toolResult').length === 1);
    expect(sentNames(stream, opened)).toEqual(['audioInput', 'contentStart', 'toolResult', 'contentEnd']);
  });

  it('interrupt: sent at once, even while the model speaks', async () => {
    const { connection, stream, opened } = await speakingAfterCall();
    await connection.sendToolResults([result('c1')], { delivery: 'interrupt' });
    await marker(connection, stream);
    expect(sentNames(stream, opened)).toEqual(['contentStart', 'toolResult', 'contentEnd', 'audioInput']);
  });

  it('silent: held past the end of the response, sent with the next user turn (typed or spoken)', async () => {
    const { connection, stream, events, talk, audio, opened } = await speakingAfterCall();
    await connection.sendToolResults([result('c1')], { delivery: 'silent' });
    stream.send(...talk.contentEnd(audio, 'END_TURN'), ...talk.end());
    await take(events, (e) => e.type === 'response-end');
    await marker(connection, stream);
    expect(stream.named('toolResult')).toHaveLength(0);
    await connection.send({ type: 'text', text: 'And now?' });
    await stream.waitFor(() => stream.named('textInput').length === 1);
    expect(sentNames(stream, opened)).toEqual(['audioInput', 'contentStart', 'toolResult', 'contentEnd', 'contentStart', 'textInput', 'contentEnd']);
  });

  it('a context note is a USER text block, delivered like a result', async () => {
    const { connection, stream, events, talk, audio } = await speakingAfterCall();
    await connection.send({ type: 'context', text: 'Ask the user to approve delete_note.' });
    await marker(connection, stream);
    expect(stream.named('textInput')).toHaveLength(0); // when-idle: the model is speaking
    stream.send(...talk.contentEnd(audio, 'END_TURN'), ...talk.end());
    await take(events, (e) => e.type === 'response-end');
    await stream.waitFor(() => stream.named('textInput').length === 1);
    expect(stream.named('textInput')[0]).toMatchObject({ content: 'Ask the user to approve delete_note.' });
    expect(stream.named('contentStart').at(-1)).toMatchObject({ type: 'TEXT', role: 'USER', interactive: true });
  });

  it('advertises no native delivery modes', () => {
    expect(novaSonicModel(server.url).capabilities.delivery).toEqual([]);
  });
});

describe('bedrock.novaSonic typed turns', () => {
  it('Nova 1 takes no typed turns: capabilities say so and send({ type: "text" }) is a typed error', async () => {
    const model = novaSonicModel(server.url);
    expect(model.capabilities.textInput).toBe(false);
    expect(novaSonicModel(server.url, {}, `us.${NOVA2}`).capabilities.textInput).toBe(true);
    connection = await model.connect({ tools: [], messages: [] });
    const error = await connection.send({ type: 'text', text: 'hi' }).catch((e: unknown) => e);
    expect(RealtimeUnsupportedError.isInstance(error) && [error.feature, error.provider]).toEqual(['text-input', 'bedrock.nova-sonic']);
    expect(String((error as Error).message)).toMatch(/Nova 2 Sonic/);
  });
});

describe('bedrock.novaSonic turn detection', () => {
  it('maps eagerness to endpointingSensitivity and refuses what Nova does not have', async () => {
    connection = await novaSonicModel(server.url, { turnDetection: { type: 'server-vad', eagerness: 'high' } }, NOVA2).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    await stream.waitForEvents('sessionStart');
    expect(stream.named('sessionStart')[0]).toMatchObject({ turnDetectionConfiguration: { endpointingSensitivity: 'HIGH' } });
    for (const turnDetection of [{ type: 'manual' }, { type: 'semantic' }, { type: 'server-vad', silenceMs: 500 }, { type: 'server-vad', interruptResponse: false }] as const) {
      expect(() => novaSonicModel(server.url, { turnDetection })).toThrow(RealtimeUnsupportedError);
    }
  });
});

describe('bedrock.novaSonic stream failures mid-group', () => {
  for (const [label, fail] of [
    ['RST_STREAM', (stream: NovaServerStream) => stream.reset()],
    ['GOAWAY', (stream: NovaServerStream) => stream.goAway()],
    ['a dropped session', (stream: NovaServerStream) => stream.drop()],
    ['the stream ending before sessionEnd', (stream: NovaServerStream) => stream.end()],
  ] as const) {
    it(`${label} is a failure (a fatal error or a thrown retryable error), never a normal end; the calls still come out`, async () => {
      connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
      const stream = await server.nextStream();
      const iterator = connection.events()[Symbol.asyncIterator]();
      const turn = new NovaCompletion(stream.promptName, 'cmp-x');
      stream.send(...turn.start(), ...turn.toolUse('c1', 'timer', { seconds: 5 }));
      await take(iterator, (e) => e.type === 'response-start');
      fail(stream);
      const seen: BidiModelEvent[] = [];
      let thrown: unknown;
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) seen.push(next.value);
      } catch (error) {
        thrown = error;
      }
      expect(seen.some((e) => e.type === 'tool-group')).toBe(true);
      const fatal = seen.find((e): e is Extract<BidiModelEvent, { type: 'error' }> => e.type === 'error' && e.fatal);
      const failure = fatal?.error ?? thrown;
      expect(APICallError.isInstance(failure) && failure.isRetryable).toBe(true);
    });
  }
});
