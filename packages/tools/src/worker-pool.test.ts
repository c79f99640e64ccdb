import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerPool } from './worker-pool.js';
import { WorkerToolError } from './worker-tool-error.js';

const moduleUrl = new URL('./__fixtures__/cpu.worker.mjs', import.meta.url).href;
const pools: WorkerPool[] = [];

function pool(size = 1): WorkerPool {
  const created = new WorkerPool(moduleUrl, size);
  pools.push(created);
  return created;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(pools.splice(0).map((p) => p.terminate()));
});

describe('WorkerPool', () => {
  it('starts no worker until the first call, then reuses it', async () => {
    const p = pool(2);
    expect(p.workerCount).toBe(0);
    await expect(p.run('countCalls', {})).resolves.toBe(1);
    await expect(p.run('countCalls', {})).resolves.toBe(2);
    expect(p.workerCount).toBe(1);
  });

  it('runs calls in parallel up to its size and queues the rest', async () => {
    const p = pool(2);
    const results = await Promise.all([p.run('asyncDouble', { n: 1 }), p.run('asyncDouble', { n: 2 }), p.run('asyncDouble', { n: 3 })]);
    expect(results).toEqual([2, 4, 6]);
    expect(p.workerCount).toBe(2);
  });

  it('terminates a running call\'s worker on abort and rejects with the signal\'s reason', async () => {
    const p = pool(1);
    const controller = new AbortController();
    const spinning = p.run('spinForever', {}, controller.signal);
    expect(p.workerCount).toBe(1);
    const reason = new Error('user cancelled');
    controller.abort(reason);
    await expect(spinning).rejects.toBe(reason);
    expect(p.workerCount).toBe(0);
    await expect(p.run('asyncDouble', { n: 21 })).resolves.toBe(42);
  });

  it('drops a queued call on abort without touching the running one', async () => {
    const p = pool(1);
    const first = new AbortController();
    const second = new AbortController();
    const running = p.run('spinForever', {}, first.signal);
    const queued = p.run('asyncDouble', { n: 1 }, second.signal);
    second.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    expect(p.workerCount).toBe(1);
    first.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects at once for an already aborted signal, starting nothing', async () => {
    const p = pool(1);
    await expect(p.run('asyncDouble', { n: 1 }, AbortSignal.abort('stop'))).rejects.toBe('stop');
    expect(p.workerCount).toBe(0);
  });

  it('fails the call with WorkerToolError when the worker exits, and replaces the worker', async () => {
    const p = pool(1);
    const error = await p.run('exitNow', {}).catch((caught: unknown) => caught);
    expect(WorkerToolError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: 'WorkerToolError', code: 'WORKER_TOOL_ERROR', moduleUrl });
    expect((error as Error).message).toMatch(/exited with code 3/);
    await expect(p.run('asyncDouble', { n: 2 })).resolves.toBe(4);
  });

  it('fails running and queued calls with WorkerToolError on terminate()', async () => {
    const p = pool(1);
    const running = p.run('spinForever', {});
    const queued = p.run('asyncDouble', { n: 1 });
    const outcomes = Promise.allSettled([running, queued]);
    await p.terminate();
    const [first, second] = await outcomes;
    expect(first).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/was terminated before the call finished/) } });
    expect(second.status === 'rejected' && second.reason).toBeInstanceOf(WorkerToolError);
    expect(p.workerCount).toBe(0);
  });

  it('rejects an input that cannot be structured-cloned', async () => {
    const p = pool(1);
    await expect(p.run('echo', { fn: () => 1 })).rejects.toThrow(/input is not structured-cloneable/);
    await expect(p.run('default', { ok: true })).resolves.toEqual({ ok: true });
  });

  it('refs a worker while it runs a call and unrefs it when idle, so it never keeps the process alive', async () => {
    const ref = vi.spyOn(Worker.prototype, 'ref');
    const unref = vi.spyOn(Worker.prototype, 'unref');
    const p = pool(1);
    await p.run('asyncDouble', { n: 1 });
    expect(ref).toHaveBeenCalledTimes(1);
    expect(unref).toHaveBeenCalledTimes(1);
    expect(unref.mock.contexts[0]).toBe(ref.mock.contexts[0]);
    expect(unref.mock.invocationCallOrder[0]).toBeGreaterThan(ref.mock.invocationCallOrder[0]!);
  });

  it('fails the call with the error when the worker crashes outside it, then recovers', async () => {
    const p = pool(1);
    await expect(p.run('throwLater', {})).rejects.toMatchObject({ name: 'TypeError', message: 'thrown outside the call' });
    expect(p.workerCount).toBe(0);
    await expect(p.run('asyncDouble', { n: 5 })).resolves.toBe(10);
  });

  it('reports a module that cannot be loaded', async () => {
    const missing = new WorkerPool(new URL('./__fixtures__/does-not-exist.mjs', import.meta.url).href, 1);
    pools.push(missing);
    await expect(missing.run('anything', {})).rejects.toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
  });

  it('runs a data: URL module', async () => {
    const inline = new WorkerPool('data:text/javascript,export function triple({ n }) { return n * 3; }', 1);
    pools.push(inline);
    await expect(inline.run('triple', { n: 3 })).resolves.toBe(9);
  });
});
