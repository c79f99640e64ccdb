import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'web/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    testTimeout: 30_000,
  },
});
