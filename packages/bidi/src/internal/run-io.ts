import type { BidiAgentInput } from '../bidi-agent-input.js';
import type { BidiAgentOutput } from '../bidi-agent-output.js';
import type { BidiSession } from './bidi-session.js';

/** Writes one consumer's events to an output until `connection-close`; a failing write is reported, not fatal. @internal */
export async function pumpOutput(session: BidiSession, output: BidiAgentOutput, id: number): Promise<void> {
  const consumer = session.fanout.get(id);
  if (consumer === undefined) return;
  for (;;) {
    const event = await consumer.queue.next();
    if (event === undefined) return;
    try {
      await output.write(event);
      session.notePlayed(id, event);
    } catch (error) {
      if (event.type !== 'connection-close') session.emit({ type: 'error', error, fatal: false });
    }
  }
}

/**
 * Reads an input and sends what it yields until it ends or the conversation does; an item that cannot be
 * sent is reported (non-fatal) and skipped. Resolves with how it ended (`'aborted'` when the conversation
 * ended first). @internal
 */
export async function readInput(
  session: BidiSession,
  input: BidiAgentInput,
): Promise<'complete' | 'client-disconnect' | 'aborted'> {
  const { signal } = session;
  while (!signal.aborted) {
    let item: Awaited<ReturnType<BidiAgentInput['read']>>;
    try {
      item = await untilAborted(Promise.resolve(input.read(signal)), signal);
    } catch (error) {
      if (signal.aborted) return 'aborted';
      session.emit({ type: 'error', error, fatal: false });
      return 'complete';
    }
    if (signal.aborted) return 'aborted';
    if (item.type === 'end') return item.reason ?? 'complete';
    try {
      await session.send(item);
    } catch (error) {
      if (signal.aborted || session.ending) return 'aborted';
      session.emit({ type: 'error', error, fatal: false }); // e.g. audio with an invalid sample rate: skip it
    }
  }
  return 'aborted';
}

/** Settles like `promise`, or rejects once `signal` aborts — an input that ignores its signal cannot hold up the end. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
