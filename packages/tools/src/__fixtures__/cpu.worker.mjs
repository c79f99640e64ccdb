// Worker-tool fixture: plain JavaScript so it loads the same from source (vitest) and from dist.

/** CPU-bound: a busy loop of `iterations` steps (about 250 ms for 60 million on this machine). */
export function busyCount({ iterations }) {
  let acc = 0;
  for (let i = 0; i < iterations; i += 1) acc = (acc + i * 7) % 1000003;
  return { iterations, acc };
}

export async function asyncDouble({ n }) {
  return n * 2;
}

export default function echo(input) {
  return input;
}

export function failRange({ message }) {
  throw new RangeError(message);
}

class QuotaError extends Error {
  constructor(message) {
    super(message);
    this.name = 'QuotaError';
    this.code = 'E_QUOTA';
  }
}

export function failCustom() {
  throw new QuotaError('quota exhausted');
}

export function exitNow() {
  process.exit(3);
}

export function returnsFunction() {
  return () => 1;
}

/** Never returns: only terminating the worker stops it. */
export function spinForever() {
  for (;;) {
    // spin
  }
}

let calls = 0;

/** Counts calls in this worker: shows whether tools share a worker (and that the module loads once). */
export function countCalls() {
  calls += 1;
  return calls;
}

/** Crashes the worker outside the call: an uncaught exception after returning a promise that never settles. */
export function throwLater() {
  setTimeout(() => {
    throw new TypeError('thrown outside the call');
  }, 0);
  return new Promise(() => {});
}
