// Lints every package's TypeScript sources: type-aware rules, consistent type imports, and no import cycles
// (import-x/no-cycle skips type-only imports; scripts/check-import-cycles.mjs, run by `pnpm run lint`, counts them too).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
    // @tandem/ui's main entry runs in browsers, Deno, Bun and Workers: web-standard APIs only (Node code lives in src/node).
    files: ['packages/ui/src/**/*.ts'],
    ignores: ['packages/ui/src/node/**', '**/*.test.ts', '**/*.test-d.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'Node-only code goes in src/node (the @tandem/ui/node subpath).' }] }],
      'no-restricted-globals': ['error', { name: 'process', message: 'Not in every runtime.' }, { name: 'Buffer', message: 'Use Uint8Array and btoa/atob.' }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
