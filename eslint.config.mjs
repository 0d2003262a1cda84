// The lint gate (`npm run lint`, first step of `npm test`): Next's rules with React, React hooks
// and the Core Web Vitals errors, typescript-eslint, and jsx-a11y's recommended set; Prettier
// owns formatting, so the rules that would argue with it are off. Zero warnings are allowed.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier/flat';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// The floor plan (docs/architecture.md, "Which folder may import which";
// docs/decisions/0016-import-boundaries-in-the-lint.md): an import runs down, app/ → components/ →
// lib/, never up; the two processes meet only in shared/ (#shared/…); lib/social-api knows no
// feature folder; a migration is frozen. Each zone: the files in `target` may not import from
// `from`. scripts/lint-boundaries.test.ts checks that a wrong-way import and a cycle fail the lint.
const WEB = ['./app', './components', './lib', './web-server', './proxy.ts'];
const boundaries = {
  down: [
    {
      target: './lib',
      from: ['./app', './components', './web-server'],
      message: 'lib/ is the bottom floor: it imports neither components/ nor app/ (app → components → lib).',
    },
    {
      target: './components',
      from: ['./app', './web-server'],
      message: 'components/ render what a route gives them and never import app/ (app → components → lib).',
    },
    {
      target: './api-server',
      from: WEB,
      message: 'The api-server never imports the web client: what both need lives in shared/ (#shared/…).',
    },
    {
      target: './api-server/src/db/migration-*.ts',
      from: ['./api-server', './shared', './app', './components', './lib', './web-server', './scripts'],
      message: 'A migration is frozen: it holds the DDL it ran and imports nothing but Kysely.',
    },
  ],
  // Zones a test may cross, each for a reason given here.
  notInTests: [
    {
      // The web client's tests run the real API in-process (lib/testing/real-api.ts) and read
      // its config and fixtures; its code only ever reaches the API over HTTP.
      target: WEB,
      from: './api-server',
      message: 'The web client reaches the API over HTTP (lib/social-api); what both need lives in shared/ (#shared/…).',
    },
    {
      // shared/net/safe-fetch.test.ts runs one table against the module and both its callers.
      target: './shared',
      from: [...WEB, './api-server'],
      message: 'shared/ is imported by both processes and imports neither.',
    },
    {
      // The client's tests drive it through the feature commands that use it.
      target: './lib/social-api',
      from: './lib',
      except: ['./social-api', './images', './validations', './env.ts'],
      message:
        'lib/social-api is the API client every feature builds on: it imports no feature folder (only lib/images, lib/validations, lib/env.ts and shared/).',
    },
  ],
};
const TESTS = ['**/*.test.{ts,tsx}', 'lib/testing/**', 'api-server/test/**'];

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  { files: ['**/*.tsx'], rules: jsxA11y.flatConfigs.recommended.rules },
  {
    // A disable comment that silences nothing any more is an error too.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { omitted: _, ...rest } = value` is how the code drops a field from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Every picture is a plain <img> on purpose: they come already sized from the API's file
      // server, or through the app's own image route (/api/image, which checks and caches them),
      // and the CSP's img-src names only those. next/image would fetch and resize them a second
      // time through /_next/image, and its component costs render time on every feed item
      // (docs/decisions/0008-plain-img-over-next-image.md); the preview images (ImageResponse)
      // cannot use it at all.
      '@next/next/no-img-element': 'off',
      // Links prefetch on intent, not on sight: components/ui/link.tsx says why.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'next/link',
              importNames: ['default'],
              message: "Use Link from '@/components/ui/link' (it prefetches when a person points at it).",
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's server code: a time limit that ends with its call (shared/net/deadline.ts says why).
    files: ['lib/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'AbortSignal',
          property: 'timeout',
          message:
            "Use withDeadline() (or deadline() with end() in a finally) from '#shared/net/deadline.ts': AbortSignal.timeout's timer keeps the page's render in memory until it fires.",
        },
      ],
    },
  },
  {
    // The api-server's handlers validate, call and present (docs/architecture.md, "Which folder may import which"): the
    // queries live in data/, one module per table group, and the rules every module shares in
    // domain/. A handler builds no SQL: no query builder, no `sql` tag, no transaction of its own
    // (db/dialect.ts transact() runs data functions in one).
    files: ['api-server/src/routes/**/*.ts', 'api-server/src/legacy/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'A handler builds no SQL: put the query in api-server/src/data/<table group>.ts and call it.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|transaction)$/]',
          message: 'A handler builds no SQL: put the query in api-server/src/data/<table group>.ts and call it.',
        },
      ],
    },
  },
  {
    // eslint-plugin-import-x rather than the eslint-plugin-import Next brings: its no-cycle costs
    // a fraction (the decision record above has the measurements).
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.mjs'],
      // Every boundary and cycle is in our own code: no installed package is read.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries.down, ...boundaries.notInTests] }],
      // Cycles of value imports; a type-only import is gone at run time, and the import map keeps
      // those out by hand (docs/architecture.md).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries.down }] },
  },
  prettier,
  // Builds anywhere in the tree (the bench's bare page builds into bench/bare/.next).
  globalIgnores([
    '**/.next/**',
    '**/.next-*/**',
    '.data/**',
    '.data-*/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'bench/bare/next-env.d.ts',
    // The lint's own fixtures import the wrong way on purpose (scripts/lint-boundaries.test.ts).
    'scripts/lint-fixtures/**',
  ]),
]);
