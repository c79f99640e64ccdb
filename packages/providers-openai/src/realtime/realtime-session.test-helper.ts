// Opens a realtime connection against the simulated server and collects what it yields.
import type { BidiConnection, BidiModelEvent } from '@tandem/core/spec';
import { createOpenAI } from '../openai-provider.js';
import type { OpenAIRealtimeOptions } from './openai-realtime-options.js';
import type { Responder } from './realtime-simulator.test-helper.js';
import { RealtimeTestServer, type RealtimeTestConnection } from './realtime-test-server.test-helper.js';

/** What the client sent of `type`. */
export const sent = (client: RealtimeTestConnection, type: string) => client.received.filter((event) => event.type === type);

/** The client's events as a list of types, without session.update. */
export const wireTypes = (client: RealtimeTestConnection) => client.received.map((event) => event.type).filter((type) => type !== 'session.update');

/** A simulated session: the server, the connection, and every event it yielded so far. */
export async function simulatedSession(responder: Responder, options: OpenAIRealtimeOptions = {}) {
  const server = await RealtimeTestServer.start({ responder });
  const connection: BidiConnection = await createOpenAI({ apiKey: 'sk-rt-session-0000', baseURL: `${server.url}/v1` })
    .realtime('gpt-realtime', options)
    .connect({ tools: [], messages: [] });
  const client = await server.nextConnection();
  const events: BidiModelEvent[] = [];
  const waiters: { predicate: () => boolean; resolve: () => void }[] = [];
  void (async () => {
    for await (const event of connection.events()) {
      events.push(event);
      for (const waiter of waiters.filter((w) => w.predicate())) waiter.resolve();
    }
  })();
  const until = (predicate: () => boolean): Promise<void> =>
    predicate() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ predicate, resolve }));
  const close = async (): Promise<void> => {
    await connection.close();
    await server.close();
  };
  return { server, connection, client, simulator: client.simulator!, events, until, close };
}
