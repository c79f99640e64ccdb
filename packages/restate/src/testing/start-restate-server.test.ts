import { describe, expect, it } from 'vitest';
import { startRestateServer } from './start-restate-server.js';

describe('startRestateServer', () => {
  it('starts a healthy restate-server on loopback, reports a failed registration, and stops it for good', async () => {
    const server = await startRestateServer({ nodeName: 'start-test' });
    let stopped = false;
    try {
      expect(server.ingress).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${server.admin}/health`)).ok).toBe(true);
      expect((await fetch(`${server.ingress}/restate/health`)).ok).toBe(true);
      // Nothing serves on port 9 (discard): the admin API cannot discover a deployment there.
      await expect(server.register('http://127.0.0.1:9')).rejects.toThrow(/^Registering the deployment at http:\/\/127\.0\.0\.1:9 with restate-server failed: \d{3} /);
      await server.stop();
      stopped = true;
      await expect(fetch(`${server.admin}/health`)).rejects.toThrow();
      await server.stop(); // a second stop is a no-op
    } finally {
      if (!stopped) await server.stop();
    }
  });

  it('does not start when the signal is already aborted', async () => {
    const reason = new Error('test run cancelled');
    await expect(startRestateServer({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});
