import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    // Generous: starting Chromium, workerd, Deno and Bun on a loaded 2-core machine. Nothing waits on time.
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
