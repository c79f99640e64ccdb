import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    globalSetup: ['./src/__fixtures__/build-fixtures.ts'],
    testTimeout: 60_000,
    hookTimeout: 20_000,
  },
});
