// The lint gate (`npm run lint`, first step of `npm test`): Next's rules with React, React hooks
// and the Core Web Vitals errors, typescript-eslint, and jsx-a11y's recommended set; Prettier
// owns formatting, so the rules that would argue with it are off. Zero warnings are allowed.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier/flat';

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
  ]),
]);
