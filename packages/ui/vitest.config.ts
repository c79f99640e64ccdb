import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    testTimeout: 60_000,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
  },
});
