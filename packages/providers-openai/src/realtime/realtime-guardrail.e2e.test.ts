// An output guardrail of a BidiAgent on openai.realtime, against a loopback server playing the Realtime API's
// server side: a transcript that trips cuts the response like a barge-in (response.cancel, then
// conversation.item.truncate at the played position) and the model is asked to say the replacement.
import { BidiAgent, type BidiEvent } from '@tandem/bidi';
import type { Guardrail, GuardrailVerdict } from '@tandem/core';
import { messageText } from '@tandem/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';
import type { Responder } from './realtime-simulator.test-helper.js';
import { RealtimeTestServer } from './realtime-test-server.test-helper.js';

let server: RealtimeTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const REPLACEMENT = 'I cannot share contact details.';

/** First a leaking answer (held active, 25 audio chunks = 500 ms); once told to, the replacement. */
const responder: Responder = ({ items }) => {
  const last = items.at(-1) as { type: string; role?: string } | undefined;
  if (last?.type === 'message' && last.role === 'system') return { text: REPLACEMENT };
  return { text: 'Sure: write to ada@example.com, she answers fast.', audioChunks: 25, hold: true };
};

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('BidiAgent output guardrails through openai.realtime (loopback WebSocket)', () => {
  it('a tripping transcript sends response.cancel and conversation.item.truncate at the played position, then the replacement is said', async () => {
    server = await RealtimeTestServer.start({ responder });
    const verdict = deferred<GuardrailVerdict>();
    const checked: string[] = [];
    const pii: Guardrail = {
      name: 'pii',
      check: ({ text, final }) => {
        checked.push(`${final ? 'final' : 'partial'}:${text}`);
        return /\S+@\S+/.test(text) ? verdict.promise : { tripwire: false };
      },
    };
    const agent = new BidiAgent({ lateResultNote: false, model: createOpenAI({ apiKey: 'sk-rt-e2e-000000', baseURL: `${server.url}/v1` }).realtime('gpt-realtime'), guardrails: { output: [pii] } });
    await agent.start();
    const client = await server.nextConnection();
    const events: BidiEvent[] = [];
    const waiters: { predicate: () => boolean; resolve: () => void }[] = [];
    const done = (async () => {
      for await (const event of agent.receive()) {
        events.push(event);
        for (const waiter of waiters.filter((w) => w.predicate())) waiter.resolve();
      }
    })();
    const until = (predicate: () => boolean): Promise<void> => (predicate() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ predicate, resolve })));

    await agent.send('How do I reach Ada?');
    await until(() => events.filter((e) => e.type === 'audio').length === 25 && events.some((e) => e.type === 'transcript' && e.role === 'assistant' && e.final));
    const start = events.find((e) => e.type === 'response-start');
    const responseId = start?.type === 'response-start' ? start.responseId : '';
    agent.reportPlayed(responseId, 180.6); // the listener heard 180 ms of the 500 ms sent
    const sentBefore = client.received.length;
    verdict.resolve({ tripwire: true, reason: 'e-mail address', replaceWith: REPLACEMENT });
    await until(() => events.some((e) => e.type === 'transcript' && e.role === 'assistant' && e.delta === REPLACEMENT));
    await client.waitUntil((all) => all.filter((e) => e.type === 'response.create').length >= 2);
    await agent.stop();
    await done;

    const after = client.received.slice(sentBefore).map(({ event_id: _id, ...rest }) => rest);
    expect(after.slice(0, 2)).toEqual([
      { type: 'response.cancel', response_id: responseId },
      { type: 'conversation.item.truncate', item_id: expect.any(String), content_index: 0, audio_end_ms: 180 },
    ]);
    expect(after[2]).toMatchObject({ type: 'conversation.item.create', item: { role: 'system', content: [{ type: 'input_text', text: expect.stringContaining(JSON.stringify(REPLACEMENT)) }] } });
    expect(after[3]).toEqual({ type: 'response.create' });
    expect(client.simulator?.errors).toEqual([]);

    expect(events.find((e) => e.type === 'barge-in')).toMatchObject({ responseId, reason: 'guardrail' });
    expect(events.filter((e) => e.type === 'guardrail')).toEqual([
      expect.objectContaining({ name: 'pii', stage: 'output', tripwire: true, reason: 'e-mail address', responseId, final: true }),
      expect.objectContaining({ name: 'pii', stage: 'output', tripwire: false, final: true }),
    ]);
    // History keeps none of the tripped transcript, and the replacement as the assistant's words.
    const said = agent.messages.filter((m) => m.role === 'assistant').map((m) => messageText(m));
    expect(said).toEqual([REPLACEMENT]);
    expect(checked[0]).toBe('final:Sure: write to ada@example.com, she answers fast.');
  });
});
