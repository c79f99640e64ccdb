// These scenarios check what reaches the vendor wire; the late-result framing (lateResultNote) is tested in @tandem/bidi, so it is off here.
import { BidiAgent } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import type { BidiConnection } from '@tandem/core/spec';
import { ManualClock } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGoogle } from '../google-provider.js';
import { count, recordAgent, spokenAnswer } from './agent-log.test-helper.js';
import { EventReader, textResult } from './live-test-kit.test-helper.js';
import { LiveTestServer, type LiveClientMessage } from './live-test-server.test-helper.js';

const MODEL = 'gemini-live-2.5-flash-preview';
let server: LiveTestServer;
const open: BidiConnection[] = [];
beforeEach(async () => {
  server = await LiveTestServer.start();
});
afterEach(async () => {
  for (const connection of open.splice(0)) await connection.close();
  await server.close();
});

const google = () => createGoogle({ apiKey: 'gemini-resume-key', baseURL: `${server.url}/v1beta` });
const setupOf = (message: LiveClientMessage | undefined) => (message as { setup: { sessionResumption: unknown } }).setup;
const toolResponseIds = (messages: readonly LiveClientMessage[]) =>
  messages.flatMap((m) => ('toolResponse' in m ? (m as { toolResponse: { functionResponses: { id: string }[] } }).toolResponse.functionResponses.map((r) => r.id) : []));

describe('google.live: session resumption', () => {
  it('go-away hands out the newest handle; connecting with it resumes from the newest one seen since, without replaying history', async () => {
    const model = google().live(MODEL);
    const first = await model.connect({ tools: [], messages: [] });
    open.push(first);
    const client = await server.connection(0);
    const events = new EventReader(first.events());
    client.send({ sessionResumptionUpdate: { newHandle: 'h1', resumable: true } }, { goAway: { timeLeft: '50s' } });
    expect(await events.take((e) => e.type === 'go-away')).toEqual([{ type: 'go-away', resumeToken: 'h1', timeLeftMs: 50_000 }]);
    // The session moves on after the go-away: a later turn makes a newer handle.
    client.send(...spokenAnswer('One more thing.'), { sessionResumptionUpdate: { newHandle: 'h2', resumable: true } }, { sessionResumptionUpdate: { resumable: false } });
    await events.take((e) => e.type === 'response-end');
    client.send(...spokenAnswer('probe'));
    await events.take((e) => e.type === 'response-end');

    const second = await model.connect({ tools: [], messages: [{ role: 'user', parts: [{ type: 'text', text: 'history that must not be replayed' }] }], resumeToken: 'h1' });
    open.push(second);
    const resumed = await server.connection(1);
    await second.send({ type: 'text', text: 'probe' });
    await resumed.waitFor(2);
    expect(setupOf(resumed.received[0]).sessionResumption).toEqual({ handle: 'h2' });
    expect(resumed.received[1]).toEqual({ realtimeInput: { text: 'probe' } });

    // A token this process never handed out (say, stored across restarts) resumes as given.
    const third = await model.connect({ tools: [], messages: [], resumeToken: 'stored-handle' });
    open.push(third);
    expect(setupOf((await server.connection(2)).received[0]).sessionResumption).toEqual({ handle: 'stored-handle' });
  });

  it('results of calls made before the go-away go on the resumed connection as a toolResponse (cancelled ones left out)', async () => {
    const model = google().live(MODEL);
    const first = await model.connect({ tools: [], messages: [] });
    open.push(first);
    const client = await server.connection(0);
    const events = new EventReader(first.events());
    client.send(
      { sessionResumptionUpdate: { newHandle: 'h1', resumable: true } },
      { toolCall: { functionCalls: [{ id: 'c0', name: 'lookup', args: {} }, { id: 'c1', name: 'lookup', args: {} }] } },
      { toolCallCancellation: { ids: ['c0'] } },
      { goAway: { timeLeft: '5s' } },
    );
    await events.take((e) => e.type === 'go-away');
    await first.close();
    const second = await model.connect({ tools: [], messages: [], resumeToken: 'h1' });
    open.push(second);
    await second.sendToolResults([textResult('c0', 'lookup', 'cancelled anyway'), textResult('c1', 'lookup', 'found')]);
    const resumed = await server.connection(1);
    await resumed.waitFor(2);
    expect(resumed.received[1]).toEqual({ toolResponse: { functionResponses: [{ id: 'c1', name: 'lookup', response: { output: 'found' } }] } });
  });
});

describe('BidiAgent on google.live: go-away and reconnect', () => {
  it('reconnects with the resumption handle and delivers the pending tool result exactly once, on the new connection', async () => {
    const clock = new ManualClock();
    let finish: (value: string) => void = () => undefined;
    const lookup: FunctionTool = {
      kind: 'function',
      name: 'lookup',
      spec: { description: 'Looks something up (slowly).', params: { type: 'object', properties: {} } },
      execute: () => new Promise<string>((resolve) => (finish = resolve)),
    };
    const agent = new BidiAgent({ lateResultNote: false, model: google().live(MODEL), tools: [lookup], clock });
    await agent.start();
    const log = recordAgent(agent);
    const first = await server.connection(0);

    first.send(
      { sessionResumptionUpdate: { newHandle: 'h1', resumable: true } },
      { toolCall: { functionCalls: [{ id: 'fc-lookup', name: 'lookup', args: {} }] } },
      ...spokenAnswer('Let me look that up.'),
      { sessionResumptionUpdate: { newHandle: 'h2', resumable: true } },
      { goAway: { timeLeft: '30s' } },
    );
    await log.until((events) => count(events, 'connection-start') === 2);
    const second = await server.connection(1);
    await first.closed;
    await second.waitFor(1);
    expect(setupOf(second.received[0]).sessionResumption).toEqual({ handle: 'h2' });
    expect(log.events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'go-away', generation: 2 });

    finish('The answer is 42.');
    await second.waitFor(2);
    expect(second.received[1]).toEqual({ toolResponse: { functionResponses: [{ id: 'fc-lookup', name: 'lookup', response: { output: 'The answer is 42.' }, scheduling: 'WHEN_IDLE' }] } });
    second.send(...spokenAnswer('It is 42.'));
    await log.until((events) => count(events, 'response-complete') === 2);
    await agent.stop();
    await log.done;

    expect([...toolResponseIds(first.received), ...toolResponseIds(second.received)]).toEqual(['fc-lookup']);
    expect(second.received.filter((m) => 'clientContent' in m)).toEqual([]);
    expect(log.events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
  });

  it('a server close after go-away mid-answer resumes too (timeout), and the result still arrives once', async () => {
    const clock = new ManualClock();
    let finish: (value: string) => void = () => undefined;
    const lookup: FunctionTool = {
      kind: 'function',
      name: 'lookup',
      spec: { description: 'Looks something up (slowly).', params: { type: 'object', properties: {} } },
      execute: () => new Promise<string>((resolve) => (finish = resolve)),
    };
    const agent = new BidiAgent({ lateResultNote: false, model: google().live(MODEL), tools: [lookup], clock });
    await agent.start();
    const log = recordAgent(agent);
    const first = await server.connection(0);
    first.send(
      { toolCall: { functionCalls: [{ id: 'fc-2', name: 'lookup', args: {} }] } },
      { sessionResumptionUpdate: { newHandle: 'h7', resumable: true } },
      ...spokenAnswer('Working on it').slice(0, 2),
      { goAway: { timeLeft: '1s' } },
    );
    await log.until((events) => count(events, 'response-start') === 1 && count(events, 'tool-start') === 1);
    // The answer is still streaming, so the agent waits for its end; the server's time runs out first.
    first.socket.close(1011, 'connection lifetime reached');
    await log.until((events) => count(events, 'connection-start') === 2);
    const second = await server.connection(1);
    await second.waitFor(1);
    expect(setupOf(second.received[0]).sessionResumption).toEqual({ handle: 'h7' });
    finish('done');
    await second.waitFor(2);
    await agent.stop();
    await log.done;
    expect([...toolResponseIds(first.received), ...toolResponseIds(second.received)]).toEqual(['fc-2']);
  });
});
