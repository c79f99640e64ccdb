import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    // A throwaway tandem home folder (TANDEM_HOME) for every CLI run of the tests.
    globalSetup: ['src/__fixtures__/global-setup.ts'],
    // Most tests run the built binary in child processes (and tmux); a loaded 2-core machine needs room.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
