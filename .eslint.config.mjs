import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Every folder under frontend/src/features is a feature: it may use lib/ and components/, never another feature.
const FEATURES = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Each workspace declares in its own package.json every package its files import; files outside them answer to the root's.
const WORKSPACES = ['functions', 'local-stack', 'containers/worker', 'frontend', 'infra', 'test', 'sdk'];

/**
 * Node's resolution with TypeScript's extensions, and a package that ships no types of its own found through its
 * `@types/` package, as the compiler finds it: a type-only import then counts when that `@types/` package is declared.
 * An import nothing resolves is skipped by the dependency rule, so this must find every package the compiler finds.
 */
const nodeResolver = createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'] });
const packageResolver = {
  interfaceVersion: 3,
  name: 'node-then-types',
  resolve(modulePath, sourceFile) {
    const found = nodeResolver.resolve(modulePath, sourceFile);
    if (found.found || /^[./]/.test(modulePath) || modulePath.includes(':')) return found;
    const [first = '', second] = modulePath.split('/');
    const name = first.startsWith('@') ? `${first.slice(1)}__${second}` : first;
    return nodeResolver.resolve(`@types/${name}`, sourceFile);
  },
};

function declaredDependencies(packageDir) {
  return ['error', { packageDir, includeTypes: true }];
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.local/**', 'test/artifacts/**', 'sdk/src/generated/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type-aware: each file is checked with the TypeScript project that owns it.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [packageResolver] },
    rules: {
      'import-x/no-extraneous-dependencies': declaredDependencies(import.meta.dirname),
      // Another workspace is reached by its package name and through its package's exports, never by a relative path.
      'import-x/no-relative-packages': 'error',
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
  ...WORKSPACES.map((workspace) => ({
    files: [`${workspace}/**`],
    rules: { 'import-x/no-extraneous-dependencies': declaredDependencies(join(import.meta.dirname, workspace)) },
  })),
  {
    // Plain ES modules run by bare Node (this config, the local bootstrap): no TypeScript project holds them.
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { sourceType: 'module', parserOptions: { projectService: false } },
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
        {
          patterns: [
            {
              regex: '^@frameforge/functions/(?!(kernel|features/[^/]+)/contracts/)',
              message: 'The portal imports only contracts: @frameforge/functions/kernel/contracts/* and @frameforge/functions/features/<feature>/contracts/*.',
            },
          ],
        },
      ],
    },
  },
  {
    // Domain code knows no AWS: adapters are where the SDK lives.
    files: ['functions/src/**/domain/**/*.ts', 'functions/src/**/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@aws-sdk/*', '**/adapters/**', '**/handlers/**', '**/wiring/**'] }],
    },
  },
  {
    // The kernel sits below the features and imports none of them. The one file left out is a known debt: the
    // configuration puts every room's variables together. The route table takes the processing endpoints from the
    // kernel's PROCESSING_ROUTES; the keyed request chain takes its checks from the api-keys and request-logs rooms
    // through each function's wiring, and their fields of its context by augmentation.
    files: ['functions/src/kernel/**/*.ts'],
    ignores: ['**/*.test.ts', 'functions/src/kernel/config/env.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './functions/src/kernel', from: './functions/src/features', message: 'The kernel imports no feature: move what both need into the kernel.' }] },
      ],
    },
  },
  {
    // The worker's modules import each other one way. Type-only imports are erased, so the rule follows values only.
    files: ['containers/worker/src/**/*.ts'],
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] }, 'import-x/extensions': ['.ts'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The worker takes from the functions package the API contracts (the kernel's and the features') and the one entry published for it
    // (functions/src/features/jobs/worker-entry.ts); tests included, so what they need is in that entry too.
    files: ['containers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@frameforge/functions(?!/(kernel|features/[^/]+)/contracts/|/jobs$)',
              message: 'The worker imports only @frameforge/functions/jobs and contracts: add what it needs to functions/src/features/jobs/worker-entry.ts.',
            },
          ],
        },
      ],
    },
  },
);
