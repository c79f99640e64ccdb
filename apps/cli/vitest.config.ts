import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    // Most tests run the built binary in child processes (and tmux); a loaded 2-core machine needs room.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
