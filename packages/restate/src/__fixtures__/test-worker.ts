// Per-file test setup: a control server, one worker process serving `services`, registered with the shared server.
import { afterAll, beforeAll, inject } from 'vitest';
import { ControlServer } from './control-server.js';
import { freePort } from '../testing/free-port.js';
import { RestateHttp } from './restate-http.js';
import { WorkerProcess } from './worker-process.js';

export interface TestWorker {
  readonly http: RestateHttp;
  readonly control: ControlServer;
  readonly worker: () => WorkerProcess;
}

/** Starts a worker for this test file before its tests and stops everything after them. */
export function useTestWorker(services: readonly string[]): TestWorker {
  const { ingress, admin } = inject('restate');
  const http = new RestateHttp(ingress, admin);
  const control = new ControlServer();
  let worker: WorkerProcess | undefined;
  beforeAll(async () => {
    await control.start();
    worker = new WorkerProcess(await freePort(), { CONTROL_URL: control.url, WORKER_SERVICES: services.join(',') });
    await worker.start();
    await http.register(worker.endpoint);
  });
  afterAll(async () => {
    await worker?.kill();
    await control.stop();
  });
  return {
    http,
    control,
    worker: () => {
      if (worker === undefined) throw new Error('the worker is not started');
      return worker;
    },
  };
}
