// Lints every package's TypeScript sources: type-aware rules, consistent type imports, and no import cycles
// (import-x/no-cycle skips type-only imports; scripts/check-import-cycles.mjs, run by `pnpm run lint`, counts them too).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// §20: packages whose main entries must run in every JavaScript runtime.
const PORTABLE_PACKAGES = [
  'core', 'tools', 'stop', 'aggregators', 'provider-utils', 'providers-openai', 'providers-anthropic', 'providers-google',
  'providers-gateway', 'providers-ollama', 'mcp', 'ui', 'otel', 'bidi',
];
// @tandem/mcp/server (serveTools) is Node-only: node:http and stdio.
const MCP_SERVER_FILES = [
  'serve-tools.ts', 'serve-tools-options.ts', 'serve-http.ts', 'served-sessions.ts', 'create-mcp-server.ts', 'run-served-tool.ts',
  'read-json-body.ts', 'request-origin-guard.ts',
];
// Test doubles (ScriptedModel, ManualClock, …) are for tests: production code never loads @tandem/core/testing.
const TESTING_IMPORT = {
  group: ['@tandem/core/testing', '@tandem/core/testing/*'],
  message: 'Production code never imports @tandem/core/testing (test doubles): use @tandem/core (Clock, systemClock) or write the small piece you need.',
};
const NOT_PRODUCTION = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.test-d.ts',
  '**/*.test-helper.ts',
  '**/__fixtures__/**',
  '**/test-utils/**',
  'packages/*/src/testing/**',
];
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));
const NODE_IMPORT_MESSAGE =
  'Portable main entry: no Node built-ins. Put Node-only code on a Node subpath, or load the module on first use with nodeBuiltin() from @tandem/core/runtime.';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'docs/api/**', '**/*.js', '**/*.mjs', '**/*.cjs', '**/__fixtures__/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
  },
  {
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts', 'apps/*/server/**/*.ts', 'apps/*/web/src/**/*.ts'],
    ignores: NOT_PRODUCTION,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [TESTING_IMPORT] }] },
  },
  {
    // The portable packages' main entries run unchanged in Node, Deno, Bun, workerd (no nodejs_compat) and
    // browsers: web-standard APIs only. Node-only code lives on its own subpath (listed in `ignores`) or loads a
    // built-in lazily with `nodeBuiltin()` from @tandem/core/runtime; type-only imports of node:* are fine.
    // tests/runtimes runs the same code in each runtime.
    files: PORTABLE_PACKAGES.map((name) => `packages/${name}/src/**/*.ts`),
    ignores: [
      '**/*.test.ts',
      '**/*.test-d.ts',
      '**/*.test-helper.ts',
      '**/__fixtures__/**',
      'packages/*/src/testing/**',
      'packages/ui/src/node/**',
      'packages/tools/src/worker-source.ts',
      'packages/mcp/src/server.ts',
      ...MCP_SERVER_FILES.map((file) => `packages/mcp/src/${file}`),
    ],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: NODE_IMPORT_MESSAGE, allowTypeImports: true })),
          patterns: [{ group: ['node:*'], message: NODE_IMPORT_MESSAGE, allowTypeImports: true }, TESTING_IMPORT],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'Not in browsers or workerd: read `globalThis.process?.…` behind a check, or take the value as an option.' },
        { name: 'Buffer', message: 'Not in browsers, Deno or workerd: use Uint8Array, TextEncoder/TextDecoder and bytesToBase64() from @tandem/core/runtime.' },
        { name: 'setImmediate', message: 'Not in browsers or workerd: use setTimeout(fn, 0) or queueMicrotask().' },
        { name: 'global', message: 'Use globalThis.' },
        { name: '__dirname', message: 'Not in ESM: use import.meta.url.' },
        { name: 'require', message: 'Not in ESM.' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
