import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    globalSetup: ['./build-client.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
