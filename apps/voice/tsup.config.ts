import { defineConfig } from 'tsup';

// Workspace packages and dependencies stay external: they are installed next to the app.
export default defineConfig([
  { entry: { 'server/main': 'server/main.ts' }, format: ['esm'], sourcemap: true, clean: false, target: 'node20' },
  // The model choice (a realtime model when a key is set, else the offline demo voice model), for the examples.
  { entry: { 'server/voice-model': 'server/model/choose-voice-model.ts' }, format: ['esm'], dts: true, sourcemap: true, clean: false, target: 'node20' },
]);
