import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A loaded 2-core CI machine runs many suites at once; tests are gated, not timed, so allow slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    include: ['src/**/*.test.ts'],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
  },
});
