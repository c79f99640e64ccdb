import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    bin: 'src/bin.ts',
    'demo-model/index': 'src/demo-model/index.ts',
    // Started by `tandem demo` as a child process: an MCP server over stdio.
    'demo/demo-mcp-server': 'src/demo/demo-mcp-server.ts',
  },
  format: ['esm'],
  dts: { entry: { 'demo-model/index': 'src/demo-model/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  // Commands and the terminal view load lazily (dynamic imports become chunks), so `tandem --help` starts fast.
  splitting: true,
});
