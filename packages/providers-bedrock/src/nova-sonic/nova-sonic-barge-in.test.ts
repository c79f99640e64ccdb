import type { BidiConnection } from '@tandem/core/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NovaCompletion } from '../test-utils/nova-sonic-output.js';
import { NovaSonicTestServer } from '../test-utils/nova-sonic-server.js';
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

describe('bedrock.novaSonic: barge-in', () => {
  it('stopReason INTERRUPTED during audio: one barge-in, the response ends interrupted, late audio of the cut block is dropped, what was said stays', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    const events = connection.events()[Symbol.asyncIterator]();
    const turn = new NovaCompletion(stream.promptName, 'cmp-b');
    const speech = turn.audioBlock([new Uint8Array([1, 0]), new Uint8Array([2, 0])], null);
    stream.send(...turn.start(), ...turn.userTranscript('tell me a long story'), ...turn.textBlock('ASSISTANT', 'SPECULATIVE', 'Once upon a time there was a dragon.', 'PARTIAL_TURN'), ...speech);
    const started = await take(events, (e) => e.type === 'audio' && e.data[0] === 2);
    expect(started.filter((e) => e.type === 'audio')).toHaveLength(2);

    // The user speaks over the model: Nova Sonic sends its interruption notice and ends the audio block INTERRUPTED.
    const contentId = (speech[0] as { contentStart: { contentId: string } }).contentStart.contentId;
    stream.send(
      { textOutput: { promptName: stream.promptName, completionId: 'cmp-b', contentId: 'notice-1', role: 'ASSISTANT', content: '{ "interrupted" : true }' } },
      { audioOutput: { promptName: stream.promptName, completionId: 'cmp-b', contentId, content: Buffer.from([3, 0]).toString('base64') } },
      ...turn.contentEnd(speech, 'INTERRUPTED'),
      ...turn.userTranscript('stop please'),
      ...turn.textBlock('ASSISTANT', 'FINAL', 'Once upon a time', 'INTERRUPTED'),
    );
    const after = await take(events, (e) => e.type === 'transcript' && e.role === 'assistant');
    expect(after).toEqual([
      { type: 'barge-in', responseId: 'cmp-b:1' },
      { type: 'response-end', responseId: 'cmp-b:1', stopReason: 'interrupted' },
      { type: 'transcript', role: 'user', delta: 'stop please', final: true },
      // Only the FINAL text of what was actually said reaches the transcript, for the interrupted response.
      { type: 'transcript', role: 'assistant', delta: 'Once upon a time', final: true, responseId: 'cmp-b:1' },
    ]);

    // The next answer is a new response.
    stream.send(...turn.assistantSentence('Okay, I stopped.'));
    const next = await take(events, (e) => e.type === 'response-end');
    expect(next[0]).toEqual({ type: 'response-start', responseId: 'cmp-b:2' });
    expect(next.filter((e) => e.type === 'barge-in')).toEqual([]);
  });

  it('SPECULATIVE text never becomes transcript, also when the turn ends without FINAL text (completionEnd ends it)', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    const events = connection.events()[Symbol.asyncIterator]();
    const turn = new NovaCompletion(stream.promptName, 'cmp-s');
    stream.send(...turn.start(), ...turn.textBlock('ASSISTANT', 'SPECULATIVE', 'Planned words.', 'PARTIAL_TURN'), ...turn.audioBlock([new Uint8Array([9, 0])], 'END_TURN'), ...turn.end());
    const out = await take(events, (e) => e.type === 'response-end');
    expect(out.map((e) => e.type)).toEqual(['response-start', 'audio', 'response-end']);
    expect(out.at(-1)).toEqual({ type: 'response-end', responseId: 'cmp-s:1', stopReason: 'complete' });
  });
});
