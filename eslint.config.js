import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
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
// another feature (cross-folder imports use the @/ alias, so the patterns below see them), and the SPA and the
// server never import each other: contract/ is their only common ground.
// Flat config does not merge the options of one rule across blocks, so each file group lists all of its patterns.
const restrict = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const noServer = {
  group: ['@server/*', '**/server/**'],
  message: 'The SPA talks to the server over HTTP only.',
};
const noSpa = { group: ['@/*', '**/src/**'], message: 'The server must not import SPA code.' };
const noFeaturesOrApp = {
  group: ['@/features/*', '@/app/*'],
  message: 'Shared code must not depend on features or the app.',
};
/**
 * The range tool's rooms and what each may use, so its parts depend one way: the chart's shared state and rules at
 * the bottom, the saves, the equity, the editor, the diff, the library and the flop report above, the page over all.
 * Tests mount the tool whole and are exempt.
 */
const RANGE_TOOL_ROOMS = {
  shared: [],
  saving: ['shared'],
  equity: ['shared'],
  editor: ['shared', 'equity'],
  diff: ['shared', 'equity', 'editor'],
  library: ['shared', 'saving', 'diff'],
  'flop-report': ['shared', 'equity', 'library'],
  print: ['shared'],
};
function rangeToolRooms() {
  const rooms = [...Object.keys(RANGE_TOOL_ROOMS), 'page'];
  return Object.entries(RANGE_TOOL_ROOMS).map(([room, allowed]) => ({
    files: [`src/features/range-tool/${room}/**`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '!@/features/range-tool', '!@/features/range-tool/**', '@/app/*'],
              message:
                'Features are independent and below the app: move shared pieces to src/lib or src/components.',
            },
            noServer,
            {
              group: rooms
                .filter((other) => other !== room && !allowed.includes(other))
                .flatMap((other) => [`**/${other}/**`, `@/features/range-tool/${other}/**`]),
              message: `The range tool's ${room} may use ${allowed.join(', ') || 'no other part'} (eslint.config.js RANGE_TOOL_ROOMS).`,
            },
          ],
        },
      ],
    },
  }));
}

const importBoundaries = [
  restrict(['src/**'], noServer),
  restrict(['src/components/**', 'src/lib/**', 'src/engine/**'], noFeaturesOrApp, noServer),
  ...featureNames.map((name) =>
    restrict(
      [`src/features/${name}/**`],
      {
        group: ['@/features/*', `!@/features/${name}`, `!@/features/${name}/**`, '@/app/*'],
        message:
          'Features are independent and below the app: move shared pieces to src/lib or src/components.',
      },
      noServer,
    ),
  ),
  restrict(['server/**', 'contract/**'], noSpa),
  ...rangeToolRooms(),
];

// The app's bundle carries no TypeBox: in src/ the contract modules that build schemas are imported for their types
// only. The numbers and lists the app needs at run time live in the schema-free modules, which import no schema
// module themselves.
const SCHEMA_MODULES = [
  'admin',
  'auth',
  'categories',
  'envelope',
  'health',
  'payments',
  'profile',
  'shop',
  'trainer',
];
const SCHEMA_FREE_MODULES = ['chart-svg', 'errors', 'hands', 'languages', 'limits', 'paths', 'sides'];
const typesOnlyInSpa = {
  files: ['src/**/*.{ts,tsx}', ...SCHEMA_FREE_MODULES.map((name) => `contract/${name}.ts`)],
  // Tests are not bundled: they may check the app against the server's own patterns.
  ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              '@sinclair/typebox',
              ...SCHEMA_MODULES.flatMap((name) => [
                `@contract/${name}`,
                `**/contract/${name}*`,
                `./${name}.ts`,
              ]),
            ],
            allowTypeImports: true,
            message: 'Schema modules are types only in the SPA: take shared values from contract/limits.ts.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
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
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A } from 'm'` keeps `import 'm'` in the output (the module still runs); `import type` drops it.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Groups, a blank line between each: node built-ins, packages, project aliases, relative imports.
      'simple-import-sort/imports': [
        'error',
        {
          groups: [
            ['^\\u0000'],
            ['^node:'],
            ['^@?\\w'],
            ['^@/', '^@contract/', '^@server/', '^@equity-wasm'],
            ['^\\.'],
          ],
        },
      ],
      'no-console': 'off',
    },
  },
  ...importBoundaries,
  typesOnlyInSpa,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
);
