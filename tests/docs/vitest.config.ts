import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Forks, not threads: the docs test moves its process into a throwaway working directory.
    pool: 'forks',
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    hookTimeout: 300_000,
    testTimeout: 60_000,
    // Blocks run in worker threads; two at a time suits a 2-core CI machine.
    maxConcurrency: 2,
  },
});
