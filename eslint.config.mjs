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
    rules: {
      // `const { omitted: _, ...rest } = value` is how the code drops a field from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  prettier,
  globalIgnores([
    '.next/**',
    '.next-*/**',
    '.data/**',
    '.data-*/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'bench/bare/next-env.d.ts',
  ]),
]);
