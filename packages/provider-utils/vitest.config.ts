import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    // Loopback HTTP tests: generous under a loaded CI machine (nothing here waits on real time).
    testTimeout: 60_000,
  },
});
