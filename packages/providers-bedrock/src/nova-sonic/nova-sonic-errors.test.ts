import { createServer } from 'node:net';
import { APICallError, InvalidResponseDataError, type BidiConnection, type BidiModelEvent } from '@tandem/core/spec';
import { ManualClock } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NovaCompletion } from '../test-utils/nova-sonic-output.js';
import { NovaSonicTestServer } from '../test-utils/nova-sonic-server.js';
import { deepText, novaSonicModel, SECRET, SESSION_TOKEN, take } from '../test-utils/nova-sonic-kit.js';

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

/** Every event until the stream ends, and what it threw (if anything). */
async function drain(events: AsyncIterator<BidiModelEvent>): Promise<{ events: BidiModelEvent[]; thrown: unknown }> {
  const out: BidiModelEvent[] = [];
  try {
    for (let next = await events.next(); !next.done; next = await events.next()) out.push(next.value);
  } catch (error) {
    return { events: out, thrown: error };
  }
  return { events: out, thrown: undefined };
}

function expectNoCredentials(value: unknown): void {
  const text = deepText(value) + JSON.stringify(value);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(SESSION_TOKEN);
}

describe('bedrock.novaSonic: malformed and unknown server events', () => {
  it('reports each as a non-fatal error and keeps the session alive', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    const events = connection.events()[Symbol.asyncIterator]();
    stream.sendBytes(new TextEncoder().encode('this is not json'));
    stream.send({ fancyNewEvent: { promptName: stream.promptName } });
    stream.send({ contentStart: { promptName: stream.promptName, type: 'TEXT' } }); // no contentId
    const errors = await take(events, (e) => e.type === 'error' && String((e.error as Error).message).includes('contentId'));
    expect(errors.map((e) => e.type === 'error' && e.fatal)).toEqual([false, false, false]);
    const messages = errors.map((e) => (e.type === 'error' ? (e.error as Error).message : ''));
    expect(errors.every((e) => e.type === 'error' && InvalidResponseDataError.isInstance(e.error))).toBe(true);
    expect(messages[0]).toMatch(/not JSON/);
    expect(messages[1]).toMatch(/unknown event "fancyNewEvent"/);
    expect(messages[2]).toMatch(/contentId/);

    // An event-stream event type the API model does not have is dropped by the AWS SDK itself.
    stream.sendUnknownStreamEvent('somethingNew');
    // Still alive: a normal turn goes through.
    const turn = new NovaCompletion(stream.promptName, 'cmp-ok');
    stream.send(...turn.start(), ...turn.assistantSentence('Still here.'));
    const out = await take(events, (e) => e.type === 'response-end');
    expect(out.map((e) => e.type)).toEqual(['response-start', 'audio', 'transcript', 'transcript', 'response-end']);
    expect(out.at(-1)).toEqual({ type: 'response-end', responseId: 'cmp-ok:1', stopReason: 'complete' });
    await connection.send({ type: 'audio', data: new Uint8Array(2), sampleRate: 16_000 });
  });
});

describe('bedrock.novaSonic: time-outs and failures', () => {
  it('ModelTimeoutException inside the stream: a timeout event, then the stream ends', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    stream.fail('modelTimeoutException', 'Model has timed out in processing the request. Try your request again.');
    const { events, thrown } = await drain(connection.events()[Symbol.asyncIterator]());
    expect(events).toEqual([{ type: 'timeout' }]);
    expect(thrown).toBeUndefined();
    await expect(connection.send({ type: 'text', text: 'late' })).rejects.toThrow(/closed/);
  });

  it('a time-out right after a TOOL block still hands over its calls (they run; results go to the next connection)', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    const turn = new NovaCompletion(stream.promptName, 'cmp-x');
    stream.send(...turn.start(), ...turn.toolUse('t-1', 'set_timer', { seconds: 5 }));
    stream.fail('modelTimeoutException', 'Model has timed out in processing the request.');
    const { events } = await drain(connection.events()[Symbol.asyncIterator]());
    expect(events).toEqual([
      { type: 'response-start', responseId: 'cmp-x:1' },
      { type: 'tool-group', calls: [{ toolCallId: 't-1', toolName: 'set_timer', toolArgs: '{"seconds":5}' }] },
      { type: 'response-end', responseId: 'cmp-x:1', stopReason: 'tool-use' },
      { type: 'timeout' },
    ]);
  });

  it("Bedrock's idle close (ValidationException with InternalErrorCode=531) is a timeout too", async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    stream.fail('validationException', 'RequestId=abc : InternalErrorCode=531::RST_STREAM closed stream. HTTP/2 error code: NO_ERROR');
    expect((await drain(connection.events()[Symbol.asyncIterator]())).events).toEqual([{ type: 'timeout' }]);
  });

  it('ModelStreamErrorException and ThrottlingException make events() throw a retryable APICallError (the agent reconnects)', async () => {
    for (const [type, status] of [['modelStreamErrorException', 424], ['throttlingException', 429]] as const) {
      connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
      const stream = await server.nextStream();
      stream.fail(type, 'A streaming error occurred. Retry your request.');
      const { thrown } = await drain(connection.events()[Symbol.asyncIterator]());
      expect(APICallError.isInstance(thrown)).toBe(true);
      expect(thrown).toMatchObject({ statusCode: status, isRetryable: true });
      expect((thrown as Error).message).toContain('InvokeModelWithBidirectionalStream');
      expectNoCredentials(thrown);
      await connection.close();
    }
  });

  it('a ValidationException is a fatal error event with no credentials in it', async () => {
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    stream.fail('validationException', 'Invalid input request, please fix your input and try again.');
    const { events, thrown } = await drain(connection.events()[Symbol.asyncIterator]());
    expect(thrown).toBeUndefined();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ type: 'error', fatal: true, error: { name: 'APICallError', statusCode: 400, isRetryable: false } });
    expectNoCredentials(event);
  });

  it('a stream refused with AccessDeniedException (HTTP 403) ends with a fatal error that says what to check', async () => {
    server.onStream = (stream) => stream.reject(403, 'AccessDeniedException', "You don't have access to the model with the specified model ID.");
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [] });
    const { events } = await drain(connection.events()[Symbol.asyncIterator]());
    expect(events).toEqual([{ type: 'error', fatal: true, error: expect.objectContaining({ statusCode: 403, isRetryable: false }) }]);
    const error = (events[0] as Extract<BidiModelEvent, { type: 'error' }>).error as Error;
    expect(error.message).toMatch(/AccessDeniedException.*model access/);
    expectNoCredentials(error);
  });

  it('an unreachable endpoint fails as a retryable network error, and the next connect backs off first', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as { port: number };
        probe.close(() => resolve(address.port));
      });
    });
    const clock = new ManualClock();
    const model = novaSonicModel(`http://127.0.0.1:${port}`, { clock });
    connection = await model.connect({ tools: [], messages: [] });
    const { thrown } = await drain(connection.events()[Symbol.asyncIterator]());
    expect(thrown).toMatchObject({ name: 'APICallError', isRetryable: true });
    expectNoCredentials(thrown);

    let settled = false;
    const next = model.connect({ tools: [], messages: [] }).finally(() => {
      settled = true;
    });
    await clock.advance(249);
    expect(settled).toBe(false); // waiting 250 ms before trying again
    await clock.advance(1);
    connection = await next;
    await drain(connection.events()[Symbol.asyncIterator]());
  });

  it('asks for the region when none is configured', async () => {
    const saved = { region: process.env['AWS_REGION'], fallback: process.env['AWS_DEFAULT_REGION'] };
    delete process.env['AWS_REGION'];
    delete process.env['AWS_DEFAULT_REGION'];
    try {
      const { createBedrock } = await import('../bedrock-provider.js');
      await expect(createBedrock({ endpoint: server.url }).novaSonic('amazon.nova-sonic-v1:0').connect({ tools: [], messages: [] })).rejects.toMatchObject({
        name: 'InvalidRequestError',
        message: expect.stringMatching(/AWS_REGION/),
      });
    } finally {
      if (saved.region !== undefined) process.env['AWS_REGION'] = saved.region;
      if (saved.fallback !== undefined) process.env['AWS_DEFAULT_REGION'] = saved.fallback;
    }
  });
});

describe('bedrock.novaSonic: connection lifetime', () => {
  it('emits go-away a minute before the 8-minute limit', async () => {
    const clock = new ManualClock();
    connection = await novaSonicModel(server.url, { clock }).connect({ tools: [], messages: [] });
    const events = connection.events()[Symbol.asyncIterator]();
    await clock.advance(419_999);
    const next = events.next();
    await clock.advance(1);
    expect((await next).value).toEqual({ type: 'go-away', timeLeftMs: 60_000 });
  });

  it('close() does not hang on a peer that never ends the stream: it waits closeTimeoutMs, then resets it', async () => {
    const clock = new ManualClock();
    connection = await novaSonicModel(server.url, { clock, closeTimeoutMs: 2000 }).connect({ tools: [], messages: [] });
    const stream = await server.nextStream();
    stream.endOnSessionEnd = false;
    let closed = false;
    const closing = connection.close().then(() => {
      closed = true;
    });
    await stream.waitForEvents('sessionEnd');
    await clock.advance(1999);
    expect(closed).toBe(false);
    await clock.advance(1);
    await closing;
    await stream.closed;
  });

  it('aborting the request signal closes the connection; an aborted signal rejects connect with its reason', async () => {
    const controller = new AbortController();
    connection = await novaSonicModel(server.url).connect({ tools: [], messages: [], signal: controller.signal });
    const stream = await server.nextStream();
    controller.abort(new Error('done'));
    await stream.waitForEvents('sessionEnd');
    await stream.closed;
    const reason = new Error('early');
    await expect(novaSonicModel(server.url).connect({ tools: [], messages: [], signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});
