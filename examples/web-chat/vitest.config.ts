import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
