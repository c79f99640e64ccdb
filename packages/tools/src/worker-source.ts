/**
 * The worker-thread program of a worker-tool pool, run with `new Worker(WORKER_SOURCE, { eval: true })` so it
 * works the same from source and from the built package (no separate entry file to locate).
 *
 * Protocol — in: `{ id, exportName, input }`; out: `{ id, ok: true, value }` or
 * `{ id, ok: false, error: { name, message, stack?, code? } }`. The module is imported once, on the first task.
 * @internal
 */
export const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
let loaded;
function load() {
  if (loaded === undefined) loaded = import(workerData.moduleUrl);
  return loaded;
}
function serializeError(error) {
  if (error !== null && typeof error === 'object') {
    const out = { name: String(error.name || 'Error'), message: String(error.message ?? '') };
    if (typeof error.stack === 'string') out.stack = error.stack;
    if (typeof error.code === 'string' || typeof error.code === 'number') out.code = error.code;
    return out;
  }
  return { name: 'Error', message: String(error) };
}
parentPort.on('message', async (task) => {
  let reply;
  try {
    const mod = await load();
    const fn = mod[task.exportName];
    if (typeof fn !== 'function') {
      const names = Object.keys(mod).filter((key) => typeof mod[key] === 'function');
      throw new TypeError('Module ' + workerData.moduleUrl + ' has no exported function "' + task.exportName +
        '" (exported functions: ' + (names.length === 0 ? 'none' : names.join(', ')) + ').');
    }
    reply = { id: task.id, ok: true, value: await fn(task.input) };
  } catch (error) {
    reply = { id: task.id, ok: false, error: serializeError(error) };
  }
  try {
    parentPort.postMessage(reply);
  } catch (error) {
    parentPort.postMessage({ id: task.id, ok: false, error: { name: 'DataCloneError',
      message: 'The value returned by "' + task.exportName + '" is not structured-cloneable (' + String(error && error.message) +
        '). Return plain data: objects, arrays, strings, numbers, booleans, null, Dates, Maps, Sets or typed arrays.' } });
  }
});
`;
