import { expect, it } from 'vitest';
import { AbortFanout } from './abort-fanout.js';

it('race(): many races on one fanout add one listener to the parent, reject with its reason on abort, and settle normally otherwise', async () => {
  const parent = new AbortController();
  let added = 0;
  const add = parent.signal.addEventListener.bind(parent.signal);
  parent.signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => {
    added++;
    add(...args);
  }) as AbortSignal['addEventListener'];
  const fanout = new AbortFanout(parent.signal);
  expect(await fanout.race(Promise.resolve('done'))).toBe('done');
  const never = new Promise<string>(() => undefined);
  const pending = Array.from({ length: 50 }, () => fanout.race(never).catch((error: unknown) => error));
  const child = fanout.child();
  const reason = new Error('stop');
  parent.abort(reason);
  expect(await Promise.all(pending)).toEqual(Array.from({ length: 50 }, () => reason));
  expect(child.signal.reason).toBe(reason);
  expect(added).toBe(1);
  await expect(fanout.race(Promise.resolve(1))).rejects.toBe(reason);
  fanout.dispose();
});
