import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.no-listener-leaks.ts'],
    globalSetup: ['./src/__fixtures__/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
