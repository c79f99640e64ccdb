import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/registry-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
