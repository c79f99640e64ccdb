import type { Message, SessionListOptions } from '@tandem/core';

/** Session ids are non-empty strings; anything else is a caller's bug, reported as such. */
export function checkSessionId(method: string, id: unknown): asserts id is string {
  if (typeof id !== 'string' || id.length === 0) {
    throw new TypeError(`${method}(): the session id must be a non-empty string, got ${id === '' ? 'an empty string' : typeof id}.`);
  }
}

/** `append()` takes an array of messages. */
export function checkMessages(messages: unknown): asserts messages is readonly Message[] {
  if (!Array.isArray(messages)) throw new TypeError('append(): messages must be an array of messages.');
}

/** `list()` options: `limit` a non-negative integer, `before` a valid Date. */
export function checkListOptions(options: SessionListOptions | undefined): { limit: number | undefined; before: Date | undefined } {
  const limit = options?.limit;
  const before = options?.before;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
    throw new TypeError(`list(): limit must be a non-negative integer, got ${String(limit)}.`);
  }
  if (before !== undefined && (!(before instanceof Date) || Number.isNaN(before.getTime()))) {
    throw new TypeError('list(): before must be a valid Date (pass the updatedAt of the last session of the previous page).');
  }
  return { limit, before };
}
