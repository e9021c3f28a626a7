import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Every folder under frontend/src/features is a feature: it may use lib/ and components/, never another feature.
const FEATURES = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.local/**', 'test/artifacts/**', '**/*.mjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type-aware: each file is checked with the TypeScript project that owns it.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      'no-restricted-syntax': [
        'error',
        {
          // The named export is zod's whole namespace object: every bundle would carry its 60-odd message locales.
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Import zod as a namespace: import * as z from 'zod'.",
        },
      ],
    },
  },
  {
    // Plain CommonJS run by bare Node (the bundle probe): require is the point, and no TypeScript project holds it.
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { sourceType: 'commonjs', parserOptions: { projectService: false } },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Import zones, as bulletproof-react draws them: app composes features; features share only what lives below them.
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./frontend/src/features/${feature}`,
              from: './frontend/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to lib/ or components/.',
            })),
            {
              target: ['./frontend/src/lib', './frontend/src/components', './frontend/src/config'],
              from: ['./frontend/src/features', './frontend/src/app'],
              message: 'Shared code does not depend on features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser gets the API's contracts only; handlers, adapters and the local stack stay server-side.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@frameforge/functions/*', '!@frameforge/functions/contracts'], message: 'The portal imports only @frameforge/functions/contracts/*.' }] },
      ],
    },
  },
  {
    // Domain code knows no AWS: adapters are where the SDK lives.
    files: ['functions/src/domain/**/*.ts', 'functions/src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@aws-sdk/*', '**/adapters/**', '**/handlers/**'] }],
    },
  },
  {
    // The worker takes only contracts and domain from the functions package.
    files: ['containers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@frameforge/functions/handlers/*', '@frameforge/functions/local/*'] }],
    },
  },
);
