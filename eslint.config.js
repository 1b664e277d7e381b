import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featureNames = (() => {
  try {
    return readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

// Imports flow one way: shared code (components, lib, engine, contract) -> features -> app. A feature never imports
// another feature, and the SPA and the server never import each other (contract/ is their only common ground).
const importBoundaries = [
  ...featureNames.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features are independent: move the shared piece to src/lib or src/components.',
  })),
  {
    target: ['./src/components', './src/lib', './src/engine', './contract'],
    from: ['./src/features', './src/app'],
    message: 'Shared code must not depend on features or the app.',
  },
  { target: './src/features', from: './src/app', message: 'Features must not depend on the app shell.' },
  {
    target: ['./src', './contract'],
    from: './server',
    message: 'The SPA talks to the server over HTTP only.',
  },
  { target: ['./server', './contract'], from: './src', message: 'The server must not import SPA code.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'pkg',
      'crates/**/pkg',
      'target',
      'node_modules',
      'data',
      'media',
      'test-results',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [
            { pattern: '@/**', group: 'internal' },
            { pattern: '@contract/**', group: 'internal' },
          ],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: importBoundaries }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
);
