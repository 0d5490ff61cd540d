// Lint for TypeScript, Lit templates, web-component rules and template accessibility.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import litA11y from 'eslint-plugin-lit-a11y';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'storybook-static/',
      '.bench/',
      'custom-elements.json',
      // The consumer apps: their installs, builds and the packed tarball.
      'test/consumers/**/node_modules/',
      'test/consumers/**/dist/',
      'test/consumers/.pack/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { lit, wc, 'lit-a11y': litA11y },
    rules: {
      ...lit.configs.recommended.rules,
      ...wc.configs.recommended.rules,
      ...litA11y.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // One concern per file: nothing in the library grows past 400 lines of code (generated files aside).
    files: ['src/**/*.ts', 'components/**/*.ts'],
    // A language pack is one table of sentences (one line each), not code: it grows with the English tables.
    ignores: ['src/i18n/locales/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Node code: scripts, the fixture server, Node tests, configs and every plain JS file.
    files: [
      'scripts/**/*.{js,mjs,ts}',
      'demo/server/**/*.ts',
      'test/node/**/*.ts',
      '*.config.{js,mjs,ts}',
      '**/*.{js,mjs}',
    ],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
