import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    // One real restate-server for the whole run (loopback, free ports, throwaway directory).
    globalSetup: ['./src/__fixtures__/restate-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
