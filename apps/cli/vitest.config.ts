import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    testTimeout: 30_000,
  },
});
