import type { BidiConnection, ToolResult } from '@tandem/core/spec';
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

const result = (toolCallId: string, toolName: string, modelInput: ToolResult['modelInput'], status: ToolResult['status'] = 'success'): ToolResult => ({
  toolCallId,
  toolName,
  status,
  isError: status !== 'success',
  result: modelInput.value,
  modelInput,
});

/** How many complete TOOL result blocks the server received. */
const completeToolBlocks = (stream: NovaServerStream): number =>
  stream.received.filter((e, i) => e.event['contentStart']?.['type'] === 'TOOL' && stream.received[i + 2] !== undefined).length;

/** The TOOL result blocks the server received, as `[toolUseId, content]`, checking each block is whole. */
function toolResultBlocks(stream: NovaServerStream): [string, string][] {
  const blocks: [string, string][] = [];
  const events = stream.received;
  for (let i = 0; i < events.length; i++) {
    const start = events[i]!.event['contentStart'];
    if (start?.['type'] !== 'TOOL') continue;
    expect(start).toMatchObject({ interactive: false, role: 'TOOL', toolResultInputConfiguration: { type: 'TEXT', textInputConfiguration: { mediaType: 'text/plain' } } });
    const name = start['contentName'];
    expect(events[i + 1]).toEqual({ event: { toolResult: { promptName: stream.promptName, contentName: name, content: expect.any(String) } } });
    expect(events[i + 2]).toEqual({ event: { contentEnd: { promptName: stream.promptName, contentName: name } } });
    const config = start['toolResultInputConfiguration'] as { toolUseId: string };
    blocks.push([config.toolUseId, String(events[i + 1]!.event['toolResult']!['content'])]);
  }
  return blocks;
}

describe('bedrock.novaSonic: tool groups', () => {
  it('back-to-back TOOL blocks form one group; its results go back as TOOL blocks in call order', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    const events = connection.events()[Symbol.asyncIterator]();
    const turn = new NovaCompletion(stream.promptName, 'cmp-t');
    stream.send(
      ...turn.start(),
      ...turn.userTranscript('weather and time in oslo'),
      ...turn.toolUse('tool-weather', 'weather', { city: 'Oslo' }),
      ...turn.toolUse('tool-time', 'current_time', {}),
    );
    expect(await take(events, (e) => e.type === 'response-end')).toEqual([
      { type: 'transcript', role: 'user', delta: 'weather and time in oslo', final: true },
      { type: 'response-start', responseId: 'cmp-t:1' },
      {
        type: 'tool-group',
        calls: [
          { toolCallId: 'tool-weather', toolName: 'weather', toolArgs: '{"city":"Oslo"}' },
          { toolCallId: 'tool-time', toolName: 'current_time', toolArgs: '{}' },
        ],
      },
      { type: 'response-end', responseId: 'cmp-t:1', stopReason: 'tool-use' },
    ]);

    await connection.sendToolResults([
      result('tool-weather', 'weather', { type: 'json', value: { tempC: 18 } }),
      result('tool-time', 'current_time', { type: 'text', value: 'Error: no clock' }, 'error'),
    ]);
    await stream.waitFor(() => completeToolBlocks(stream) === 2);
    expect(toolResultBlocks(stream)).toEqual([
      ['tool-weather', '{"tempC":18}'],
      ['tool-time', '{"status":"error","error":"Error: no clock"}'],
    ]);

    // The model answers with the results: a new response.
    stream.send(...turn.assistantSentence('It is 18 degrees in Oslo.'));
    const answer = await take(events, (e) => e.type === 'response-end');
    expect(answer[0]).toEqual({ type: 'response-start', responseId: 'cmp-t:2' });
    expect(answer.at(-1)).toEqual({ type: 'response-end', responseId: 'cmp-t:2', stopReason: 'complete' });
  });

  it('a TOOL block that arrives after the stream went quiet starts a new group; each group answers on its own', async () => {
    connection = await novaSonicModel(server.url, {}, 'amazon.nova-2-sonic-v1:0').connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    const events = connection.events()[Symbol.asyncIterator]();
    const turn = new NovaCompletion(stream.promptName, 'cmp-o');
    stream.send(...turn.start(), ...turn.userTranscript('set a timer and look up the news'), ...turn.toolUse('slow-1', 'set_timer', { seconds: 60 }));
    const first = await take(events, (e) => e.type === 'response-end');
    expect(first.filter((e) => e.type === 'tool-group')).toEqual([{ type: 'tool-group', calls: [{ toolCallId: 'slow-1', toolName: 'set_timer', toolArgs: '{"seconds":60}' }] }]);

    // While the first group runs, the model speaks and requests a second group of two.
    stream.send(...turn.assistantSentence('Timer set. Checking the news.'), ...turn.toolUse('news-1', 'news', { topic: 'tech' }), ...turn.toolUse('news-2', 'news', { topic: 'sport' }));
    const second = await take(events, (e) => e.type === 'tool-group');
    expect(second.at(-1)).toEqual({
      type: 'tool-group',
      calls: [
        { toolCallId: 'news-1', toolName: 'news', toolArgs: '{"topic":"tech"}' },
        { toolCallId: 'news-2', toolName: 'news', toolArgs: '{"topic":"sport"}' },
      ],
    });

    // The second group finishes first; the first one later. Each is one contiguous delivery in call order.
    await connection.sendToolResults([result('news-1', 'news', { type: 'text', value: 'AI news' }), result('news-2', 'news', { type: 'text', value: 'Match won' })]);
    await connection.sendToolResults([result('slow-1', 'set_timer', { type: 'text', value: 'Your 60-second timer has finished.' })]);
    await stream.waitFor(() => completeToolBlocks(stream) === 3);
    expect(toolResultBlocks(stream)).toEqual([
      ['news-1', '{"result":"AI news"}'],
      ['news-2', '{"result":"Match won"}'],
      ['slow-1', '{"result":"Your 60-second timer has finished."}'],
    ]);
  });

  it('results of calls this connection never saw (made before a reconnect) go as one interactive USER text block', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    await connection.sendToolResults([result('old-call', 'set_timer', { type: 'text', value: 'Your 5-second timer has finished.' })]);
    await stream.waitForEvents('contentEnd');
    expect(stream.received.filter((e) => eventName(e) === 'contentStart' && e.event['contentStart']!['type'] === 'TOOL')).toEqual([]);
    expect(stream.named('contentStart')[1]).toMatchObject({ type: 'TEXT', role: 'USER', interactive: true });
    expect(stream.named('textInput')[0]!['content']).toBe('Results of tools you called earlier in this conversation:\n- set_timer: Your 5-second timer has finished.');
  });
});
