import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    testTimeout: 60_000,
  },
});
