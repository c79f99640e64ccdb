import type { BidiConnection, BidiModelEvent } from '@tandem/core/spec';
import { registerProvider, resolveBidiModel } from '@tandem/core';
import { contractTools } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBedrock } from '../bedrock-provider.js';
import { NovaCompletion } from '../test-utils/nova-sonic-output.js';
import { eventName, NovaSonicTestServer } from '../test-utils/nova-sonic-server.js';
import { ACCESS_KEY, novaSonicModel, SECRET, SESSION_TOKEN, take } from '../test-utils/nova-sonic-kit.js';

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

describe('bedrock.novaSonic: connect and configure', () => {
  it('declares 16 kHz in, 24 kHz out and truthful capabilities', () => {
    const model = novaSonicModel(server.url);
    expect(model).toMatchObject({
      specificationVersion: 'v1',
      provider: 'bedrock.nova-sonic',
      modelId: 'amazon.nova-sonic-v1:0',
      audio: { inputRate: 16_000, outputRate: 24_000, channels: 1 },
      capabilities: { truncation: false, resumption: false, nativeAsyncTools: false, delivery: [], textInput: false, liveUpdate: false },
    });
    // The adapter owns the one restart timer (a go-away before the limit): no maxConnectionMs for a second one.
    expect(model.capabilities.maxConnectionMs).toBeUndefined();
    expect(novaSonicModel(server.url, {}, 'us.amazon.nova-2-sonic-v1:0').capabilities).toMatchObject({ nativeAsyncTools: true, textInput: true, delivery: [] });
  });

  it('is novaSonic, and plugs into resolveBidiModel, model ids with colons included', () => {
    const provider = createBedrock({ region: 'us-east-1' });
    expect(provider.bidi).toBe(provider.novaSonic);
    const unregister = registerProvider('bedrock-nova-test', createBedrock({ region: 'us-east-1' }));
    try {
      expect(resolveBidiModel('bedrock-nova-test:amazon.nova-sonic-v1:0')).toMatchObject({ provider: 'bedrock.nova-sonic', modelId: 'amazon.nova-sonic-v1:0' });
    } finally {
      unregister();
    }
  });

  it('opens the HTTP/2 stream with sessionStart, promptStart, the system block, history and the audio block — before any output', async () => {
    connection = await novaSonicModel(server.url, { voice: 'tiffany', inference: { temperature: 0.3 } }).connect({
      system: 'You are a kitchen assistant.',
      tools: contractTools,
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Hi there.' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'Hello! How can I help?' }] },
      ],
    });
    const stream = await server.nextStream();
    await stream.waitForEvents('contentStart', 4);
    // connect() resolved although the server has not answered yet (Bedrock answers with its first output).
    expect(stream.path).toBe('/model/amazon.nova-sonic-v1%3A0/invoke-with-bidirectional-stream');
    expect(stream.headers['content-type']).toBe('application/vnd.amazon.eventstream');
    expect(stream.headers['authorization']).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/us-east-1/bedrock/aws4_request`));
    expect(stream.headers['x-amz-security-token']).toBe(SESSION_TOKEN);
    expect(stream.envelopeHeaders.every((names) => names.includes(':date') && names.includes(':chunk-signature'))).toBe(true);
    expect(JSON.stringify(stream.headers) + JSON.stringify(stream.received)).not.toContain(SECRET);

    const { promptName } = stream;
    expect(stream.received.map(eventName)).toEqual([
      'sessionStart',
      'promptStart',
      'contentStart', 'textInput', 'contentEnd', // SYSTEM
      'contentStart', 'textInput', 'contentEnd', // USER history
      'contentStart', 'textInput', 'contentEnd', // ASSISTANT history
      'contentStart', // the interactive AUDIO block
    ]);
    expect(stream.received[0]).toEqual({ event: { sessionStart: { inferenceConfiguration: { maxTokens: 1024, topP: 0.9, temperature: 0.3 } } } });
    expect(stream.received[1]).toEqual({
      event: {
        promptStart: {
          promptName: expect.any(String),
          textOutputConfiguration: { mediaType: 'text/plain' },
          audioOutputConfiguration: {
            mediaType: 'audio/lpcm',
            sampleRateHertz: 24_000,
            sampleSizeBits: 16,
            channelCount: 1,
            voiceId: 'tiffany',
            encoding: 'base64',
            audioType: 'SPEECH',
          },
          toolUseOutputConfiguration: { mediaType: 'application/json' },
          toolConfiguration: {
            tools: contractTools.map((tool) => ({
              toolSpec: { name: tool.name, description: tool.kind === 'function' ? tool.description : '', inputSchema: { json: JSON.stringify(tool.kind === 'function' ? tool.inputSchema : {}) } },
            })),
          },
        },
      },
    });
    const starts = stream.named('contentStart');
    const texts = stream.named('textInput');
    expect(starts.slice(0, 3).map((s) => [s['type'], s['role'], s['interactive']])).toEqual([
      ['TEXT', 'SYSTEM', false],
      ['TEXT', 'USER', false],
      ['TEXT', 'ASSISTANT', false],
    ]);
    expect(starts[0]).toMatchObject({ promptName, textInputConfiguration: { mediaType: 'text/plain' } });
    expect(texts.map((t) => t['content'])).toEqual(['You are a kitchen assistant.', 'Hi there.', 'Hello! How can I help?']);
    for (let i = 0; i < 3; i++) expect(texts[i]!['contentName']).toBe(starts[i]!['contentName']);
    expect(starts[3]).toEqual({
      promptName,
      contentName: expect.any(String),
      type: 'AUDIO',
      interactive: true,
      role: 'USER',
      audioInputConfiguration: { mediaType: 'audio/lpcm', sampleRateHertz: 16_000, sampleSizeBits: 16, channelCount: 1, audioType: 'SPEECH', encoding: 'base64' },
    });
    expect(stream.received.every((e) => eventName(e) === 'sessionStart' || Object.values(e.event)[0]!['promptName'] === promptName)).toBe(true);
  });

  it('ends with contentEnd of the audio block, promptEnd and sessionEnd, then ends events()', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    const events = connection.events()[Symbol.asyncIterator]();
    await connection.close();
    await connection.close();
    expect((await events.next()).done).toBe(true);
    await stream.inputEnded;
    const audioName = stream.named('contentStart')[0]!['contentName'];
    expect(stream.received.slice(-3)).toEqual([
      { event: { contentEnd: { promptName: stream.promptName, contentName: audioName } } },
      { event: { promptEnd: { promptName: stream.promptName } } },
      { event: { sessionEnd: {} } },
    ]);
    await expect(connection.send({ type: 'text', text: 'late' })).rejects.toThrow(/closed/);
  });
});

describe('bedrock.novaSonic: a spoken turn', () => {
  it('sends 16 kHz audio as base64 audioInput; USER text is the user transcript, only FINAL assistant text is transcript, audio comes out at 24 kHz', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    const events = connection.events()[Symbol.asyncIterator]();
    await connection.send({ type: 'audio', data: new Uint8Array([1, 0, 2, 0]), sampleRate: 16_000 });
    await stream.waitForEvents('audioInput');
    const audioName = stream.named('contentStart')[0]!['contentName'];
    expect(stream.named('audioInput')).toEqual([{ promptName: stream.promptName, contentName: audioName, content: 'AQACAA==' }]);
    await expect(connection.send({ type: 'audio', data: new Uint8Array(2), sampleRate: 24_000 })).rejects.toThrow(/16000 Hz/);

    const turn = new NovaCompletion(stream.promptName, 'cmp-1');
    stream.send(
      ...turn.start(),
      ...turn.userTranscript('what is the capital of france'),
      ...turn.textBlock('ASSISTANT', 'SPECULATIVE', 'Paris is the capital of France.', 'PARTIAL_TURN'),
      ...turn.audioBlock([new Uint8Array([0, 0, 0xe8, 0x03]), new Uint8Array([0xff, 0x7f])], 'PARTIAL_TURN'),
      ...turn.textBlock('ASSISTANT', 'FINAL', 'Paris is the capital', 'PARTIAL_TURN'),
      ...turn.textBlock('ASSISTANT', 'SPECULATIVE', 'of France.', 'PARTIAL_TURN'),
      ...turn.audioBlock([new Uint8Array([5, 0])], 'END_TURN'),
      ...turn.textBlock('ASSISTANT', 'FINAL', 'of France.', 'END_TURN'),
      ...turn.usage({ inputSpeech: 20, inputText: 5, outputSpeech: 30, outputText: 8 }),
    );
    const out = await take(events, (e) => e.type === 'response-end');
    expect(out.filter((e) => e.type !== 'audio')).toEqual([
      { type: 'transcript', role: 'user', delta: 'what is the capital of france', final: true },
      { type: 'response-start', responseId: 'cmp-1:1' },
      { type: 'transcript', role: 'assistant', delta: 'Paris is the capital', final: false, responseId: 'cmp-1:1' },
      { type: 'transcript', role: 'assistant', delta: ' of France.', final: false, responseId: 'cmp-1:1' },
      { type: 'transcript', role: 'assistant', delta: '', final: true, responseId: 'cmp-1:1' },
      { type: 'response-end', responseId: 'cmp-1:1', stopReason: 'complete' },
    ]);
    const audio = out.filter((e): e is Extract<BidiModelEvent, { type: 'audio' }> => e.type === 'audio');
    expect(audio.map((e) => [...e.data])).toEqual([[0, 0, 0xe8, 0x03], [0xff, 0x7f], [5, 0]]);
    expect(audio.every((e) => e.sampleRate === 24_000 && e.responseId === 'cmp-1:1')).toBe(true);
    expect(await take(events, (e) => e.type === 'usage')).toEqual([{ type: 'usage', usage: { inputTokens: 25, outputTokens: 38 } }]);
  });

  it('sends typed text as an interactive USER text block (Nova 2 Sonic)', async () => {
    connection = await novaSonicModel(server.url, {}, 'amazon.nova-2-sonic-v1:0').connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    await connection.send({ type: 'text', text: 'Set a timer for five minutes.' });
    await stream.waitForEvents('contentEnd');
    const [, start] = stream.named('contentStart');
    expect(start).toMatchObject({ type: 'TEXT', role: 'USER', interactive: true, textInputConfiguration: { mediaType: 'text/plain' } });
    expect(stream.named('textInput')).toEqual([{ promptName: stream.promptName, contentName: start!['contentName'], content: 'Set a timer for five minutes.' }]);
    expect(stream.named('contentEnd')).toEqual([{ promptName: stream.promptName, contentName: start!['contentName'] }]);
    await expect(connection.send({ type: 'image', mediaType: 'image/png', data: new Uint8Array(1) })).rejects.toMatchObject({ name: 'InvalidRequestError' });
  });
});
