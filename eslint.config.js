// The linter (`npm run lint`, part of `npm test`): ESLint's and typescript-eslint's recommended rules everywhere, with
// type information for the TypeScript files: typescript-eslint's type-checked recommended rules in src/, and in the
// tests, benchmarks and scripts the rules that catch a forgotten or misused promise (a rejection nobody hears is an
// error lost). React's rules of hooks for the Ink components and their tests.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typeChecked = tseslint.configs.recommendedTypeCheckedOnly.find((c) => c.name === 'typescript-eslint/recommended-type-checked-only');

export default defineConfig([
  globalIgnores(['dist/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: typeChecked.rules,
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    rules: {
      // An argument or a binding named with a leading underscore is unused on purpose (a callback's signature).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
]);
