import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.local/**', 'test/artifacts/**', '**/*.mjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Plain CommonJS run by bare Node (the bundle probe): require is the point.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
