import type { BidiConnection, BidiConnectRequest, BidiModel } from '@tandem/core/spec';
import { sleep, type Clock } from '@tandem/core';
import { BidiConnectionError } from '../errors/bidi-connection-error.js';
import type { ResolvedReconnect } from '../session/session-config.js';

/** What {@link connectWithRetry} needs. @internal */
export interface ConnectAttempt {
  readonly model: BidiModel;
  readonly reconnect: ResolvedReconnect;
  readonly clock: Clock;
  readonly signal: AbortSignal;
  /** Built fresh for every attempt, so a replay includes what happened while waiting. */
  request(): Promise<BidiConnectRequest>;
  /** True when the connection is no longer wanted (the conversation ended or a newer restart began). */
  isStale(): boolean;
}

/**
 * Opens a connection, retrying with exponential back-off up to `reconnect.maxAttempts` attempts (at least
 * one). Resolves `undefined` when the connection stopped being wanted (closing any that opened late);
 * rejects with `BidiConnectionError` when every attempt failed. @internal
 */
export async function connectWithRetry(attempt: ConnectAttempt): Promise<BidiConnection | undefined> {
  const { reconnect, clock, signal } = attempt;
  const attempts = Math.max(1, reconnect.maxAttempts);
  let lastError: unknown;
  for (let n = 1; n <= attempts; n++) {
    if (attempt.isStale()) return undefined;
    try {
      const request = await attempt.request();
      if (attempt.isStale()) return undefined;
      const connection = await attempt.model.connect(request);
      if (!attempt.isStale()) return connection;
      await connection.close().catch(() => undefined);
      return undefined;
    } catch (error) {
      lastError = error;
      if (attempt.isStale()) return undefined;
    }
    if (n < attempts) {
      try {
        await sleep(Math.min(reconnect.initialDelayMs * 2 ** (n - 1), reconnect.maxDelayMs), signal, clock);
      } catch {
        return undefined;
      }
    }
  }
  throw new BidiConnectionError({ attempts, cause: lastError });
}
