import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { 'server/main': 'server/main.ts' },
  format: ['esm'],
  sourcemap: true,
  clean: false,
  target: 'node20',
  // Workspace packages and dependencies stay external: they are installed next to the app.
});
