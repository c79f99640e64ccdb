import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const core = (path: string) => fileURLToPath(new URL(`../core/src/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@tandem\/core\/spec$/, replacement: core('spec/index.ts') },
      { find: /^@tandem\/core\/testing$/, replacement: core('testing/index.ts') },
    ],
  },
  test: {
    include: ['src/**/*.test.ts'],
  },
});
